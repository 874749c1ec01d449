import { describe, expect, it } from 'vitest';
import { judgeEnvelope, judgeHttpStatus, judgeMalformedAnswer, judgeTransportFailure } from './catalogue.ts';

const envelope = (code: number, msg = '') => ({ code, msg, data: null });

describe('error catalogue (spec §8)', () => {
  it('resolves code 0 and toasts a non-empty msg as success', () => {
    expect(judgeEnvelope(envelope(0))).toEqual({ ok: true });
    expect(judgeEnvelope(envelope(0, 'Saved'))).toEqual({ ok: true, notice: { text: 'Saved', tone: 'success' } });
  });

  it.each([400, 401, 402, 403, 404, 405, 500, 502])('rejects code %i and toasts its msg', (code) => {
    expect(judgeEnvelope(envelope(code, 'No'))).toEqual({ ok: false, notice: { text: 'No', tone: 'info' } });
  });

  it('rejects other codes quietly', () => {
    expect(judgeEnvelope(envelope(907, 'busy'))).toEqual({ ok: false });
    expect(judgeEnvelope(envelope(400))).toEqual({ ok: false });
  });

  it('sends the user to login after code -1', () => {
    expect(judgeEnvelope(envelope(-1, 'Gone'))).toEqual({ ok: false, notice: { text: 'Gone', tone: 'info' }, session: 'relogin' });
    expect(judgeEnvelope(envelope(-1)).session).toBe('relogin');
  });

  it('maps HTTP failures', () => {
    expect(judgeHttpStatus(401, 'Unauthorized')).toEqual({ ok: false, session: 'authDialog' });
    expect(judgeHttpStatus(500, 'Internal Server Error').notice).toEqual({ key: 'errors.serverError', tone: 'info' });
    expect(judgeHttpStatus(404, 'Not Found').notice).toEqual({ text: 'Not Found', tone: 'info' });
    expect(judgeHttpStatus(503, '').notice).toEqual({ text: 'HTTP 503', tone: 'info' });
  });

  it('reports transport failures as a network timeout and malformed answers as a server error', () => {
    expect(judgeTransportFailure().notice).toEqual({ key: 'errors.networkTimeout', tone: 'info' });
    expect(judgeMalformedAnswer().notice).toEqual({ key: 'errors.serverError', tone: 'info' });
  });
});
