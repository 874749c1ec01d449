import { randomUUID } from 'node:crypto';
import { WEB_PUSH_HIDDEN_LABEL, WEB_PUSH_TTL_SECONDS, type WebPushPayload } from '@parley/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, boundSocket, startServer, type TestServer, type TestUser } from '../../testing/harness.ts';
import { befriend, seedFile, seedGroup, send } from '../../testing/index.ts';
import { browserSubscription, type LoopbackPushService, loopbackPushService } from '../../testing/pushService.ts';

/**
 * Web Push against a loopback push service: the test holds the browser's keys and decrypts every
 * push. `ctx.background.idle()` waits for the pushes a message started, so "none" is exact.
 */
describe.each(backends)('web push (%s)', (backend) => {
  let s: TestServer;
  let push: LoopbackPushService;
  let sender: TestUser;

  beforeAll(async () => {
    [s, push] = await Promise.all([startServer(backend, { webPushPrivateEndpoints: true }), loopbackPushService()]);
    sender = await s.user('Sam');
  });
  afterAll(async () => {
    await s.close();
    await push.close();
  });

  const settle = () => s.built.ctx.background.idle();

  /** A fresh user who is the sender's friend. */
  async function friend(nick: string): Promise<TestUser> {
    const u = await s.user(nick);
    await befriend(s.built.ctx.db, sender.id, u.id);
    return u;
  }

  /** Subscribes a browser of `u` (a session's token) at a fresh loopback path. */
  async function subscribe(token: string) {
    const path = `/push/${randomUUID()}`;
    const browser = browserSubscription(push.url(path));
    const res = await s.post('/enterprise/push/subscribe', browser.json, token);
    expect(res.body.code, res.body.msg).toBe(0);
    return { path, browser, pushes: () => push.at(path).map((p) => browser.read<WebPushPayload>(p)) };
  }

  async function sendAs(from: TestUser, body: Record<string, unknown>): Promise<number> {
    const res = await send(s, from.token, body);
    expect(res.body.code, res.body.msg).toBe(0);
    await settle();
    return res.body.data.msg_id;
  }

  it('answers the VAPID public key, the one every push is signed with', async () => {
    const u = await friend('Key');
    const key = (await s.post('/enterprise/push/key', {}, u.token)).body.data.publicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect((await s.post('/enterprise/push/key', {}, sender.token)).body.data.publicKey).toBe(key);

    const { path } = await subscribe(u.token);
    await sendAs(sender, { toContactId: u.id, content: 'signed' });
    const [received] = push.at(path);
    expect(received.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(received.headers.ttl).toBe(String(WEB_PUSH_TTL_SECONDS));
  });

  it('an offline recipient of a private message gets exactly one push with the sender and the text', async () => {
    const u = await friend('Olive');
    const browser = await subscribe(u.token);
    const msgId = await sendAs(sender, { toContactId: u.id, content: 'Dinner at 8? 🍜' });
    expect(browser.pushes()).toEqual([
      {
        title: sender.nickname,
        body: 'Dinner at 8? 🍜',
        kind: 'text',
        sender: '',
        url: `#/pages/message/chat?toContactId=${sender.id}&is_group=0`,
        tag: `chat-${sender.id}`,
        msg_id: msgId,
        is_group: 0,
        is_at: 0,
      },
    ]);
    // the sender's own browsers get nothing
    const own = await subscribe(sender.token);
    await sendAs(sender, { toContactId: u.id, content: 'again' });
    expect(own.pushes()).toEqual([]);
    expect(browser.pushes()).toHaveLength(2);
    // the title is the name the reader gave the sender, when there is one
    await s.built.ctx.db.updateTable('friends').set({ nickname: 'Chef' }).where('user_id', '=', u.id).where('friend_id', '=', sender.id).execute();
    await sendAs(sender, { toContactId: u.id, content: 'named' });
    expect(browser.pushes().at(-1)?.title).toBe('Chef');
  });

  it('with preview off the body is the label of the message, never its text', async () => {
    const u = await friend('Quiet');
    const browser = await subscribe(u.token);
    expect((await s.post('/enterprise/push/settings', {}, u.token)).body.data).toEqual({ preview: 1 });
    expect((await s.post('/enterprise/push/setPreview', { preview: 0 }, u.token)).body.data).toEqual({ preview: 0 });
    expect((await s.post('/enterprise/push/settings', {}, u.token)).body.data).toEqual({ preview: 0 });

    await sendAs(sender, { toContactId: u.id, content: 'my secret plan' });
    await sendAs(sender, { toContactId: u.id, type: 'image', file_id: await seedFile(s.built.ctx.db, sender.id, 'image') });
    const [text, image] = browser.pushes();
    expect(text).toMatchObject({ title: sender.nickname, body: WEB_PUSH_HIDDEN_LABEL, kind: 'hidden' });
    expect(JSON.stringify(text)).not.toContain('secret');
    expect(image).toMatchObject({ body: '[图片]', kind: 'image' });
  });

  it('a recipient with a bound socket gets none', async () => {
    const u = await friend('Online');
    const browser = await subscribe(u.token);
    const socket = await boundSocket(s.wsUrl, u.token);
    try {
      await sendAs(sender, { toContactId: u.id, content: 'you are here' });
      await socket.next('simple');
      expect(browser.pushes()).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('a muted group pushes nothing, except a mention of the reader or of everyone', async () => {
    const [muted, listening] = [await s.user('Mute'), await s.user('Ear')];
    const gid = await seedGroup(s.built.ctx.db, sender.id, [muted.id, listening.id], {}, 'Hikers');
    const [mutedBrowser, listeningBrowser] = [await subscribe(muted.token), await subscribe(listening.token)];
    expect((await s.post('/enterprise/im/isNotice', { id: `group-${gid}`, is_notice: 0 }, muted.token)).body.code).toBe(0);
    const group = { toContactId: `group-${gid}`, is_group: 1 };

    await sendAs(sender, { ...group, content: 'trail is open' });
    expect(mutedBrowser.pushes()).toEqual([]);
    expect(listeningBrowser.pushes()).toMatchObject([
      { title: 'Hikers', body: 'trail is open', sender: sender.nickname, is_group: 1, is_at: 0, url: `#/pages/message/chat?toContactId=group-${gid}&is_group=1`, tag: `chat-group-${gid}` },
    ]);

    await sendAs(sender, { ...group, content: '@Mute bring water', at: [muted.id] });
    expect(mutedBrowser.pushes()).toMatchObject([{ body: '@Mute bring water', is_at: 1 }]);
    await sendAs(sender, { ...group, content: '@all leaving now', at: [0] });
    expect(mutedBrowser.pushes().map((p) => p.body)).toEqual(['@Mute bring water', '@all leaving now']);
    expect(listeningBrowser.pushes()).toHaveLength(3);
  });

  it('a logout removes the subscriptions of that session only', async () => {
    const u = await friend('Leaver');
    const login = await s.post('/common/pub/login', { account: u.account, password: u.password, isMobile: 0 });
    expect(login.body.code).toBe(0);
    const [first, second] = [await subscribe(u.token), await subscribe(login.body.data.authToken)];
    expect((await s.post('/common/pub/logout', {}, u.token)).body.code).toBe(0);

    await sendAs(sender, { toContactId: u.id, content: 'still there?' });
    expect(first.pushes()).toEqual([]);
    expect(second.pushes().map((p) => p.body)).toEqual(['still there?']);
  });

  it('a subscription the push service answers 404 or 410 for is deleted', async () => {
    for (const status of [410, 404]) {
      const u = await friend(`Gone${status}`);
      const browser = await subscribe(u.token);
      push.answer(browser.path, status);
      await sendAs(sender, { toContactId: u.id, content: 'one' });
      expect(push.at(browser.path)).toHaveLength(1);
      const left = await s.built.ctx.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', u.id).execute();
      expect(left).toEqual([]);
      await sendAs(sender, { toContactId: u.id, content: 'two' });
      expect(push.at(browser.path)).toHaveLength(1);
    }
  });

  it('only the owner unsubscribes an endpoint; the same endpoint subscribed again moves to the new user', async () => {
    const [owner, stranger] = [await friend('Owner'), await friend('Stranger')];
    const browser = await subscribe(owner.token);
    const refused = await s.post('/enterprise/push/unsubscribe', { endpoint: browser.browser.json.endpoint }, stranger.token);
    expect(refused.body).toMatchObject({ code: 404, key: 'webpush.notFound' });
    await sendAs(sender, { toContactId: owner.id, content: 'kept' });
    expect(browser.pushes().map((p) => p.body)).toEqual(['kept']);

    // the browser signs in as the other user: its endpoint (with fresh keys) is theirs now
    const again = browserSubscription(browser.browser.json.endpoint);
    expect((await s.post('/enterprise/push/subscribe', again.json, stranger.token)).body.code).toBe(0);
    await sendAs(sender, { toContactId: owner.id, content: 'to the old owner' });
    await sendAs(sender, { toContactId: stranger.id, content: 'to the new owner' });
    const received = push.at(browser.path);
    expect(received).toHaveLength(2);
    expect(again.read<WebPushPayload>(received[1]).body).toBe('to the new owner');

    expect((await s.post('/enterprise/push/unsubscribe', { endpoint: browser.browser.json.endpoint }, owner.token)).body.key).toBe('webpush.notFound');
    expect((await s.post('/enterprise/push/unsubscribe', { endpoint: browser.browser.json.endpoint }, stranger.token)).body.code).toBe(0);
    await sendAs(sender, { toContactId: stranger.id, content: 'after unsubscribing' });
    expect(push.at(browser.path)).toHaveLength(2);
  });

  it('refuses bad subscriptions and settings with a 400 code and a key, never a 500', async () => {
    const u = await friend('Bad');
    const good = browserSubscription(push.url('/push/bad')).json;
    const notOnCurve = `B${'A'.repeat(86)}`;
    const cases: [unknown, string][] = [
      [{}, 'webpush.endpointInvalid'],
      [{ ...good, endpoint: 'ftp://127.0.0.1/x' }, 'webpush.endpointInvalid'],
      [{ ...good, endpoint: 'not a url' }, 'webpush.endpointInvalid'],
      [{ ...good, endpoint: `https://push.example/${'a'.repeat(3000)}` }, 'webpush.endpointInvalid'],
      [{ ...good, endpoint: 42 }, 'webpush.endpointInvalid'],
      [{ endpoint: good.endpoint }, 'webpush.keysInvalid'],
      [{ ...good, keys: 'keys' }, 'webpush.keysInvalid'],
      [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, 'webpush.keysInvalid'],
      [{ ...good, keys: { ...good.keys, p256dh: notOnCurve } }, 'webpush.keysInvalid'],
      [{ ...good, keys: { ...good.keys, auth: 'x'.repeat(40) } }, 'webpush.keysInvalid'],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, 'webpush.keysInvalid'],
    ];
    for (const [body, key] of cases) {
      const res = await s.post('/enterprise/push/subscribe', body, u.token);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
      expect(res.body, JSON.stringify(body).slice(0, 80)).toMatchObject({ code: 400, key });
    }
    for (const body of [{ preview: 2 }, { preview: 'yes' }, {}]) {
      const res = await s.post('/enterprise/push/setPreview', body, u.token);
      expect(res.status).toBeLessThan(500);
      expect(res.body.code).toBe(400);
      expect(res.body.key).toBeTruthy();
    }
    const long = await s.post('/enterprise/push/unsubscribe', { endpoint: 'x'.repeat(5000) }, u.token);
    expect(long.body).toMatchObject({ code: 400, key: 'webpush.endpointInvalid' });
    expect(await s.built.ctx.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
  });
});

describe('web push goes to public push services only (the default)', () => {
  let s: TestServer;
  let push: LoopbackPushService;
  beforeAll(async () => {
    [s, push] = await Promise.all([startServer('sqlite'), loopbackPushService()]);
  });
  afterAll(async () => {
    await s.close();
    await push.close();
  });

  it('refuses endpoints on this machine or its networks (http, loopback, private, link-local, localhost), and keeps https names', async () => {
    const u = await s.user('Inside');
    const keys = browserSubscription(push.url('/push/x')).json.keys;
    const inside = [
      push.url('/push/loopback-http'),
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://169.254.169.254/latest/meta-data',
      'https://10.1.2.3/x',
      'https://192.168.0.7/x',
      'https://localhost/x',
      'https://push.localhost/x',
    ];
    for (const endpoint of inside) {
      expect((await s.post('/enterprise/push/subscribe', { endpoint, keys }, u.token)).body, endpoint).toMatchObject({ code: 400, key: 'webpush.endpointPrivate' });
    }
    expect((await s.post('/enterprise/push/subscribe', { endpoint: 'https://push.example.com/abc', keys }, u.token)).body.code).toBe(0);
  });

  it('a subscription to an inner address kept from before is never posted to, and is removed', async () => {
    const [from, to] = [await s.user('From'), await s.user('To')];
    await befriend(s.built.ctx.db, from.id, to.id);
    const browser = browserSubscription(push.url('/push/kept'));
    const session = await s.built.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', to.id).executeTakeFirstOrThrow();
    await s.built.ctx.db
      .insertInto('push_subscriptions')
      .values({ user_id: to.id, session_id: session.id, endpoint: browser.json.endpoint, p256dh: browser.json.keys.p256dh, auth: browser.json.keys.auth, created_at: Date.now() })
      .execute();
    expect((await send(s, from.token, { toContactId: to.id, content: 'to the inside' })).body.code).toBe(0);
    await s.built.ctx.background.idle();
    expect(push.at('/push/kept')).toHaveLength(0);
    expect(await s.built.ctx.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', to.id).execute()).toHaveLength(0);
  });

  it("the push sockets' name lookup refuses a name with an inner address (a name that pointed elsewhere when it was subscribed)", async () => {
    const { publicOnlyLookup } = await import('./endpointGuard.ts');
    const lookup = (host: string) =>
      new Promise<string>((resolve) => publicOnlyLookup(host, {}, (err, address) => resolve(err ? (err as NodeJS.ErrnoException).code ?? 'error' : String(address))));
    expect(await lookup('localhost')).toBe('ENOTPUBLIC');
    expect(await lookup('127.0.0.1')).toBe('ENOTPUBLIC');
  });
});
