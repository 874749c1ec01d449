import {
  type EndpointBody,
  type EndpointData,
  type EndpointName,
  ENDPOINT_PATHS,
  type Envelope,
  type ErrorParams,
  HTTP_TIMEOUT_MS,
  RELOGIN_REDIRECT_MS,
  SOCKET_CALLS,
  type SocketCallName,
} from '@parley/protocol';
import { loadDeferredTexts, t } from '../i18n/index.ts';
import { useSession } from '../stores/session.ts';
import {
  isEnvelope,
  judgeEnvelope,
  judgeHttpStatus,
  judgeMalformedAnswer,
  judgeTransportFailure,
  type Notice,
  type Verdict,
} from './catalogue.ts';

export type ApiFailure = 'refused' | 'session' | 'http' | 'network' | 'timeout' | 'aborted' | 'malformed';

/** A request that did not succeed. `code`/`data` come from the envelope, `status` from HTTP. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly reason: ApiFailure,
    /** `key`: the refusal's stable key (protocol error keys), when the server refused */
    readonly details: { code?: number; status?: number; data?: unknown; key?: string } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  /** Background call: no toasts. Session loss (code -1, HTTP 401) is still handled. */
  silent?: boolean;
  /** Cancels the request (TanStack Query passes one); a cancelled request is never reported. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * What the client shows and does beyond HTTP: `App` hands these in at start-up (`configureApi`), so
 * the API layer imports no UI, page or router code.
 */
export interface ApiUi {
  toast(text: string, tone: 'success' | 'info'): void;
  alert(options: { title: string; content: string }): Promise<void>;
  /** The session is gone: forget it locally and show the login page. */
  endSession(): void;
}

let ui: ApiUi = {
  toast: () => undefined,
  alert: async () => undefined,
  endSession: () => undefined,
};

export function configureApi(next: ApiUi): void {
  ui = next;
}

function headers(): Record<string, string> {
  const { authToken, clientId, cid } = useSession.getState();
  const out: Record<string, string> = { 'Content-Type': 'application/json' };
  if (authToken) out.Authorization = authToken;
  if (clientId) out.clientId = clientId;
  if (cid) out.cid = cid;
  return out;
}

type Catalogue = typeof import('../i18n/validation.ts');
let catalogue: Catalogue | null = null;

/** The error table in the user's language (`i18n/validation.ts`): loaded with the first answer that has something to say. */
async function loadCatalogue(): Promise<Catalogue> {
  if (catalogue) return catalogue;
  const [module] = await Promise.all([import('../i18n/validation.ts'), loadDeferredTexts()]);
  catalogue = module;
  return module;
}

/**
 * An answer's `msg` in the user's language, by its `key` (see `localizeRefusal`). An answer with
 * neither (a plain success) needs no table, so the first screens do not carry it.
 */
export async function answerText(answer: { msg?: string; key?: string; params?: ErrorParams }): Promise<string> {
  if (!answer.key && !answer.msg) return answer.msg ?? '';
  return (await loadCatalogue()).localizeRefusal(answer);
}

/** A notice's text: a notice with a server text comes from an answer whose `answerText` loaded the table. */
function noticeText(notice: Notice): string {
  if ('key' in notice) return t(notice.key);
  return catalogue ? catalogue.localizeMessage(notice.text) : notice.text;
}

let sessionEnding = false;

function loseSession(kind: 'relogin' | 'authDialog'): void {
  if (sessionEnding) return;
  sessionEnding = true;
  const finish = () => {
    sessionEnding = false;
    ui.endSession();
  };
  if (kind === 'relogin') {
    setTimeout(finish, RELOGIN_REDIRECT_MS);
    return;
  }
  void ui.alert({ title: t('errors.noticeTitle'), content: t('errors.authExpired') }).then(finish);
}

/** Shows what the catalogue decided and settles the request accordingly (uploads use it too). */
export function settle<T>(verdict: Verdict, options: RequestOptions, failure: ApiError, envelope?: Envelope<T>): Envelope<T> {
  if (verdict.notice && !options.silent) ui.toast(noticeText(verdict.notice), verdict.notice.tone);
  if (verdict.session) loseSession(verdict.session);
  if (verdict.ok && envelope) return envelope;
  throw failure;
}

/** Settles an answer that came back (over HTTP with status 200, or over the socket): its envelope's verdict. */
async function judged<T>(answer: unknown, options: RequestOptions): Promise<Envelope<T>> {
  if (!isEnvelope(answer)) {
    return settle(judgeMalformedAnswer(), options, new ApiError(t('errors.serverError'), 'malformed'));
  }
  const envelope = answer as Envelope<T>;
  const verdict = judgeEnvelope(envelope);
  const text = await answerText(envelope);
  if (verdict.notice && 'text' in verdict.notice) verdict.notice = { ...verdict.notice, text };
  const reason = verdict.session ? 'session' : 'refused';
  const failure = new ApiError(text, reason, {
    code: envelope.code,
    data: envelope.data,
    ...(envelope.key ? { key: envelope.key } : {}),
  });
  return settle(verdict, options, failure, envelope);
}

/** Calls over the bound socket, when the socket is there (`configureSocketCalls`); null: call over HTTP. */
type SocketCaller = (name: SocketCallName, body: object, timeoutMs: number) => Promise<Envelope<unknown>> | null;
let overSocket: SocketCaller = () => null;

/** The socket client hands in its `call`: the endpoints of SOCKET_CALLS then go over the bound socket, without HTTP's per-request cost. */
export function configureSocketCalls(caller: SocketCaller): void {
  overSocket = caller;
}

const socketCallable = new Set<EndpointName>(SOCKET_CALLS);

/** A socket-callable endpoint over the bound socket, settled as over HTTP; null when the socket is not bound. */
async function viaSocket<T>(name: EndpointName, body: object, options: RequestOptions): Promise<Envelope<T> | null> {
  if (!socketCallable.has(name) || options.signal) return null;
  const answer = overSocket(name as SocketCallName, body, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  if (!answer) return null;
  let envelope: Envelope<unknown>;
  try {
    envelope = await answer;
  } catch (error) {
    const timedOut = (error as { reason?: string }).reason === 'timeout';
    return settle(judgeTransportFailure(), options, new ApiError(t('errors.networkTimeout'), timedOut ? 'timeout' : 'network'));
  }
  return judged<T>(envelope, options);
}

async function post<T = unknown>(path: string, body: object = {}, options: RequestOptions = {}): Promise<Envelope<T>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);

  try {
    let response: Response;
    let answer: unknown;
    try {
      response = await fetch(path, {
        method: 'POST',
        // A FormData body (uploads) goes as multipart: the browser sets its own Content-Type.
        headers: body instanceof FormData ? Object.fromEntries(Object.entries(headers()).filter(([k]) => k !== 'Content-Type')) : headers(),
        body: body instanceof FormData ? body : JSON.stringify(body),
        signal: controller.signal,
      });
      answer = await response.json().catch(() => undefined);
    } catch {
      if (options.signal?.aborted && !timedOut) throw new ApiError('aborted', 'aborted');
      const verdict = judgeTransportFailure();
      return settle(verdict, options, new ApiError(t('errors.networkTimeout'), timedOut ? 'timeout' : 'network'));
    }

    if (!response.ok) {
      const serverMsg = isEnvelope(answer) && typeof answer.msg === 'string' ? await answerText(answer) : '';
      const message = serverMsg || response.statusText;
      const verdict = judgeHttpStatus(response.status, message);
      const reason = verdict.session ? 'session' : 'http';
      return settle(verdict, options, new ApiError(message, reason, { status: response.status }));
    }
    return await judged<T>(answer, options);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

/** The HTTP client: always POST JSON with the session headers; answers are `{code, msg, data}`. */
export const api = {
  /** One endpoint of the protocol's table, body and answer typed from it; resolves to `data`. */
  async call<K extends EndpointName>(name: K, body: EndpointBody<K>, options: RequestOptions = {}): Promise<EndpointData<K>> {
    const overTheSocket = await viaSocket<EndpointData<K>>(name, body as object, options);
    return (overTheSocket ?? (await post<EndpointData<K>>(ENDPOINT_PATHS[name], body as object, options))).data;
  },
  /** A multipart endpoint of the table (an upload): the form goes as it is. */
  async upload<K extends EndpointName>(name: K, form: FormData, options: RequestOptions = {}): Promise<EndpointData<K>> {
    return (await post<EndpointData<K>>(ENDPOINT_PATHS[name], form, options)).data;
  },
  /** One endpoint of the table, answering the whole envelope (for the `count` beside `data`). */
  envelope<K extends EndpointName>(name: K, body: EndpointBody<K>, options: RequestOptions = {}): Promise<Envelope<EndpointData<K>>> {
    return post<EndpointData<K>>(ENDPOINT_PATHS[name], body as object, options);
  },
};
