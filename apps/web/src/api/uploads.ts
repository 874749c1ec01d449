import { ENDPOINT_PATHS, type Envelope, type UploadedFile, type UploadKindValue } from '@parley/protocol';
import { t } from '../i18n/index.ts';
import { useSession } from '../stores/session.ts';
import { ApiError, answerText, settle } from './client.ts';
import { isEnvelope, judgeEnvelope, judgeHttpStatus, judgeMalformedAnswer, judgeTransportFailure } from './catalogue.ts';

/** Uploads (docs/api/uploads.md): multipart over XMLHttpRequest, so progress can be shown. */

/** Spec §9: uploads get 60 s. */
export const UPLOAD_TIMEOUT_MS = 60_000;

export interface UploadOptions {
  /** A hint the server may use to narrow the kind ('voice' for a recording, 'file' to send a picture as a file). */
  kind?: UploadKindValue;
  /** 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** No toasts (the caller shows the failure). Session loss is still handled. */
  silent?: boolean;
}

function sessionHeaders(): Record<string, string> {
  const { authToken, clientId, cid } = useSession.getState();
  const out: Record<string, string> = {};
  if (authToken) out.Authorization = authToken;
  if (clientId) out.clientId = clientId;
  if (cid) out.cid = cid;
  return out;
}

interface RawAnswer {
  status: number;
  statusText: string;
  body: unknown;
}

function transmit(path: string, form: FormData, options: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, statusText: xhr.statusText, body });
    };
    xhr.onerror = () => reject(new ApiError(t('errors.networkTimeout'), 'network'));
    xhr.ontimeout = () => reject(new ApiError(t('errors.networkTimeout'), 'timeout'));
    xhr.onabort = () => reject(new ApiError('aborted', 'aborted'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** Sends one file as the multipart field `file`; answers the stored file (signed url included). */
export async function uploadFile(file: Blob, name: string, options: UploadOptions = {}): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, name);
  if (options.kind) form.append('kind', options.kind);
  let answer: RawAnswer;
  try {
    answer = await transmit(ENDPOINT_PATHS.uploadFile, form, options);
  } catch (error) {
    const failure = error instanceof ApiError ? error : new ApiError(t('errors.networkTimeout'), 'network');
    if (failure.reason === 'aborted') throw failure;
    return settle<UploadedFile>(judgeTransportFailure(), options, failure).data;
  }
  const { status, statusText, body } = answer;
  if (status < 200 || status >= 300) {
    const message = (isEnvelope(body) && typeof body.msg === 'string' && (await answerText(body))) || statusText;
    const verdict = judgeHttpStatus(status, message);
    return settle<UploadedFile>(verdict, options, new ApiError(message, verdict.session ? 'session' : 'http', { status })).data;
  }
  if (!isEnvelope(body)) return settle<UploadedFile>(judgeMalformedAnswer(), options, new ApiError(t('errors.serverError'), 'malformed')).data;
  const envelope = body as Envelope<UploadedFile>;
  const verdict = judgeEnvelope(envelope);
  const failure = new ApiError(await answerText(envelope), verdict.session ? 'session' : 'refused', { code: envelope.code });
  return settle(verdict, options, failure, envelope).data;
}
