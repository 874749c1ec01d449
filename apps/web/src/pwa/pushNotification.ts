/** What a Web Push payload (server `modules/webpush`, `webPushPayloadSchema`) shows as a notification. */
export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

interface Payload {
  title?: unknown;
  body?: unknown;
  sender?: unknown;
  url?: unknown;
  tag?: unknown;
}

/** The notification of a push body; null when it is not Parley's JSON. In a group the sender's name goes before the text. */
export function notificationOf(text: string): ShownNotification | null {
  let p: Payload;
  try {
    p = JSON.parse(text) as Payload;
  } catch {
    return null;
  }
  if (!p || typeof p !== 'object' || typeof p.title !== 'string') return null;
  const body = typeof p.body === 'string' ? p.body : '';
  const sender = typeof p.sender === 'string' && p.sender !== '' ? p.sender : '';
  return {
    title: p.title,
    options: {
      body: sender ? `${sender}: ${body}` : body,
      tag: typeof p.tag === 'string' ? p.tag : undefined,
      icon: './icons/icon-192.png',
      data: { url: typeof p.url === 'string' ? p.url : '' },
    },
  };
}
