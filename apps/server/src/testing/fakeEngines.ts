import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback stand-ins for the engines a host runs: LibreTranslate (`POST /translate`) and an
 * OpenAI-compatible transcription server (`POST /v1/audio/transcriptions`). `mode` switches how
 * they answer; `calls` counts the requests that reached them.
 */
export type EngineMode = 'ok' | 'error' | 'hang';

export interface FakeEngines {
  url: string;
  mode: EngineMode;
  calls: { translate: number; transcribe: number };
  /** The last translate request body and the last transcription form fields seen. */
  last: { translate?: Record<string, unknown>; transcribe?: { model: string; fileBytes: number; fileName: string } };
  /** What the transcription engine says. */
  transcript: string;
  close(): Promise<void>;
}

/** What the fake translator makes of `q`: tagged with the target, so a test sees both. */
export const fakeTranslation = (q: string, target: string) => `[${target}] ${q}`;

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function answer(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startFakeEngines(): Promise<FakeEngines> {
  const hanging = new Set<http.ServerResponse>();
  const engines: FakeEngines = {
    url: '',
    mode: 'ok',
    calls: { translate: 0, transcribe: 0 },
    last: {},
    transcript: 'hello from the voice engine',
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer(async (req, res) => {
    const raw = await readBody(req);
    const kind = req.url === '/translate' ? 'translate' : req.url === '/v1/audio/transcriptions' ? 'transcribe' : null;
    if (req.method !== 'POST' || !kind) return answer(res, 404, { error: 'Not Found' });
    engines.calls[kind] += 1;
    if (engines.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (engines.mode === 'error') return answer(res, 500, { error: 'engine broke' });
    if (kind === 'translate') {
      const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      engines.last.translate = body;
      return answer(res, 200, { translatedText: fakeTranslation(String(body.q), String(body.target)) });
    }
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
    const file = form.get('file');
    if (!(file instanceof Blob)) return answer(res, 400, { error: 'no file' });
    engines.last.transcribe = { model: String(form.get('model')), fileBytes: file.size, fileName: (file as File).name };
    return answer(res, 200, { text: ` ${engines.transcript} ` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  engines.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return engines;
}

/** A tiny WebM (EBML header only) that the upload endpoint takes as a voice recording. */
export const TINY_WEBM: Buffer = (() => {
  const body = Buffer.from([
    0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81, 1, 0x42, 0xf2, 0x81, 4, 0x42, 0xf3, 0x81, 8, 0x42, 0x82, 0x84,
    ...Buffer.from('webm'), 0x42, 0x87, 0x81, 4, 0x42, 0x85, 0x81, 2,
  ]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.alloc(64)]);
})();

/** Uploads TINY_WEBM as a voice recording and sends it from `token` to `toContactId`; the message's msg_id. */
export async function sendVoice(baseUrl: string, token: string, toContactId: number, id: string): Promise<number> {
  const form = new FormData();
  form.append('kind', 'voice');
  form.append('file', new Blob([new Uint8Array(TINY_WEBM)], { type: 'audio/webm' }), 'rec.webm');
  const up = (await (await fetch(`${baseUrl}/common/upload/uploadFile`, { method: 'POST', headers: { authorization: token }, body: form })).json()) as {
    code: number;
    data: { file_id: number };
  };
  if (up.code !== 0) throw new Error(`voice upload failed: ${JSON.stringify(up)}`);
  const sent = (await (
    await fetch(`${baseUrl}/enterprise/im/sendMessage`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ id, toContactId, is_group: 0, type: 'voice', file_id: up.data.file_id, extends: { duration: 2 } }),
    })
  ).json()) as { code: number; data: { msg_id: number } };
  if (sent.code !== 0) throw new Error(`voice send failed: ${JSON.stringify(sent)}`);
  return sent.data.msg_id;
}
