import { checkVideoDuration } from '@parley/protocol';
import { AddCircleOutline, AudioOutline, CloseCircleFill, SmileOutline } from 'antd-mobile-icons';
import { type ChangeEvent, type KeyboardEvent, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../router/hashRouter.tsx';
import { showToast } from '../../../components/feedback.tsx';
import { callContact } from '../../../calls/callContact.ts';
import { type SendDraft, useMessages } from '../../../stores/messages.ts';
import { pickUsers } from '../../../stores/userPicker.ts';
import styles from './ChatPanels.module.css';
import { type Mention, useComposer, useDraft } from '../../../stores/composer.ts';
import { mentionIdsIn } from './drafts.ts';
import { EmojiPanel } from './EmojiPanel.tsx';
import type { PickedPlace } from './LocationPicker.tsx';
import { readImageSize, readVideoMeta } from './mediaMeta.ts';
import { MentionPicker } from './sheets.ts';
import { type MoreItem, MorePanel } from './MorePanel.tsx';
import { quoteLine } from './quote.ts';
import { VoiceHoldButton } from './VoiceHoldButton.tsx';
import type { Recording } from './voiceRecorder.ts';
import { PathTo } from '../../../paths.ts';

const LocationPicker = lazy(() => import('./LocationPicker.tsx'));

/** Spec §9: at most 9 images at once. */
const IMAGE_CHOOSE_MAX = 9;
const MAX_TEXT_HEIGHT = 96;

export interface InputBarProps {
  contactId: string;
  isGroup: boolean;
  myUserId: number;
  canMentionAll: boolean;
  /** Called after something was sent (the list jumps to the bottom). */
  onSent(): void;
}

type Panel = 'emoji' | 'more' | null;

function KeyboardIcon() {
  return (
    <svg className={styles.keyboardGlyph} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
      <rect x="2.5" y="6" width="19" height="12" rx="2" />
      <path d="M6 9.5h1M9.5 9.5h1M13 9.5h1M16.5 9.5h1M6 12.5h1M9.5 12.5h1M13 12.5h1M16.5 12.5h1M8 15.5h8" strokeLinecap="round" />
    </svg>
  );
}

/** The input bar: text (Enter sends, draft kept per chat), emoji, the '+' panel, hold-to-talk, @mentions. */
export function InputBar({ contactId, isGroup, myUserId, canMentionAll, onSent }: InputBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // the draft lives in the composer store: it survives a reload, and "Re-edit" or "Quote" fill it from outside
  const draft = useDraft(contactId);
  const text = draft.text;
  const setText = (next: string) => useComposer.getState().patchDraft(contactId, { text: next });
  const [voice, setVoice] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);
  const [mentioning, setMentioning] = useState(false);
  const [locating, setLocating] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // "Quote" or "Re-edit" put something in the field: write on from there
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus when a quote is picked
  useEffect(() => {
    if (draft.quote) field.current?.focus();
  }, [draft.quote?.msg_id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the field is measured again when its text or mode changes
  useEffect(() => {
    const el = field.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_TEXT_HEIGHT)}px`;
  }, [text, voice]);

  const send = (draft: SendDraft) => {
    void useMessages.getState().send(contactId, isGroup, draft);
    onSent();
  };

  const sendText = () => {
    const content = text.trim();
    if (!content) return;
    const at = isGroup ? mentionIdsIn(content, draft.mentions) : [];
    send({ type: 'text', content, ...(at.length ? { at } : {}), ...(draft.quote ? { extends: { quote: draft.quote } } : {}) });
    useComposer.getState().setDraft(contactId, { text: '', mentions: [] });
    field.current?.focus();
  };

  /** where the caret goes once an inserted piece is in the field: set as the new text is drawn, before the next key lands */
  const caretAfterInsert = useRef<number | null>(null);
  useLayoutEffect(() => {
    const caret = caretAfterInsert.current;
    if (caret === null) return;
    caretAfterInsert.current = null;
    field.current?.setSelectionRange(caret, caret);
  });

  const insert = (piece: string) => {
    const el = field.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    caretAfterInsert.current = start + piece.length;
    setText(text.slice(0, start) + piece + text.slice(end));
  };

  const onChange = (e: ChangeEvent<HTMLTextAreaElement>) => {
    const next = e.target.value;
    const caret = e.target.selectionStart ?? next.length;
    if (isGroup && next.length === text.length + 1 && next[caret - 1] === '@') setMentioning(true);
    setText(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      sendText();
    }
  };

  const pickMention = (m: Mention) => {
    setMentioning(false);
    useComposer.getState().patchDraft(contactId, { mentions: [...draft.mentions.filter((x) => x.id !== m.id), m] });
    insert(`${m.name} `);
    field.current?.focus();
  };

  const onImages = async (files: File[]) => {
    if (files.length > IMAGE_CHOOSE_MAX) showToast(t('chat.image.tooMany', { max: IMAGE_CHOOSE_MAX }));
    for (const file of files.slice(0, IMAGE_CHOOSE_MAX)) {
      const size = await readImageSize(file);
      send({ type: 'image', extends: size, upload: { file, name: file.name || 'image.png', kind: 'image' } });
    }
  };

  const onVideo = async (file: File) => {
    let meta: Awaited<ReturnType<typeof readVideoMeta>>;
    try {
      meta = await readVideoMeta(file);
    } catch {
      showToast(t('chat.video.unreadable'));
      return;
    }
    if (checkVideoDuration(meta.duration ?? Number.NaN) !== null) {
      showToast(t('chat.video.tooLong'));
      return;
    }
    send({ type: 'video', extends: meta, upload: { file, name: file.name || 'video.mp4', kind: 'video' } });
  };

  const onFile = (file: File) => send({ type: 'file', upload: { file, name: file.name || 'file', kind: 'file' } });

  const onRecorded = (r: Recording) =>
    send({ type: 'voice', extends: { duration: r.duration }, upload: { file: r.blob, name: `voice-${Date.now()}.${r.ext}`, kind: 'voice' } });

  const onLocation = (place: PickedPlace) => {
    setLocating(false);
    setPanel(null);
    send({ type: 'location', content: { lat: place.lat, lng: place.lng, origin: place.origin, address: place.address } });
  };

  const onCard = async () => {
    const picked = await pickUsers({ max: 1, includeGroups: true, titleKey: 'chat.card.pickTitle' });
    const target = picked?.[0];
    if (!target) return;
    void useMessages.getState().send(contactId, isGroup, {
      type: 'contact',
      content: { kind: target.is_group ? 'group' : 'user', id: target.id },
    });
  };

  const onMore = (item: MoreItem) => {
    if (item === 'image') imageInput.current?.click();
    else if (item === 'video') videoInput.current?.click();
    else if (item === 'file') fileInput.current?.click();
    else if (item === 'location') setLocating(true);
    else if (item === 'card') void onCard();
    else if (item === 'redpacket') navigate(PathTo.redPacket(String(contactId), isGroup));
    else if (item === 'voiceCall' || item === 'videoCall') {
      setPanel(null);
      void callContact(contactId, item === 'videoCall' ? 'video' : 'voice');
    }
    else showToast(t('chat.more.soon'));
  };

  const takeFiles = (e: ChangeEvent<HTMLInputElement>, use: (files: File[]) => void) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length) use(files);
    setPanel(null);
  };

  const togglePanel = (next: Panel) => {
    setPanel((p) => (p === next ? null : next));
    if (next) setVoice(false);
  };

  return (
    <div className={styles.inputArea}>
      <div className={styles.inputRow}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={voice ? t('chat.keyboard') : t('chat.voice.toggle')}
          data-testid="chat-voice-toggle"
          onClick={() => {
            setVoice((v) => !v);
            setPanel(null);
          }}
        >
          {voice ? <KeyboardIcon /> : <AudioOutline />}
        </button>
        {voice ? (
          <VoiceHoldButton onRecorded={onRecorded} />
        ) : (
          <textarea
            ref={field}
            className={styles.textField}
            rows={1}
            value={text}
            onChange={onChange}
            onKeyDown={onKeyDown}
            onFocus={() => setPanel(null)}
            enterKeyHint="send"
            aria-label={t('chat.inputLabel')}
            data-testid="chat-input"
          />
        )}
        <button type="button" className={styles.iconButton} aria-label={t('chat.emoji')} data-testid="chat-emoji-toggle" onClick={() => togglePanel('emoji')}>
          <SmileOutline />
        </button>
        {text.trim() && !voice ? (
          <button type="button" className={styles.sendButton} data-testid="chat-send" onMouseDown={(e) => e.preventDefault()} onClick={sendText}>
            {t('chat.send')}
          </button>
        ) : (
          <button type="button" className={styles.iconButton} aria-label={t('chat.more.title')} data-testid="chat-more-toggle" onClick={() => togglePanel('more')}>
            <AddCircleOutline />
          </button>
        )}
      </div>
      {draft.quote && !voice ? (
        <div className={styles.quoteDraft} data-testid="chat-quote-draft">
          <span className={styles.quoteDraftText}>{quoteLine(draft.quote)}</span>
          <button
            type="button"
            className={styles.quoteDraftClose}
            aria-label={t('chat.quote.cancel')}
            data-testid="chat-quote-cancel"
            onClick={() => useComposer.getState().patchDraft(contactId, { quote: undefined })}
          >
            <CloseCircleFill />
          </button>
        </div>
      ) : null}
      {panel === 'emoji' ? (
        <EmojiPanel
          onPick={(emoji) => {
            setVoice(false);
            insert(emoji);
          }}
          onSticker={(sticker) => send({ type: 'emoji', stored: { id: sticker.file_id, url: sticker.url, name: 'sticker' } })}
        />
      ) : null}
      {panel === 'more' ? <MorePanel onPick={onMore} isGroup={isGroup} withSelf={!isGroup && String(contactId) === String(myUserId)} /> : null}
      <input ref={imageInput} type="file" accept="image/*" multiple hidden data-testid="chat-file-image" onChange={(e) => takeFiles(e, (f) => void onImages(f))} />
      <input ref={videoInput} type="file" accept="video/*" hidden data-testid="chat-file-video" onChange={(e) => takeFiles(e, (f) => void onVideo(f[0]))} />
      <input ref={fileInput} type="file" hidden data-testid="chat-file-any" onChange={(e) => takeFiles(e, (f) => onFile(f[0]))} />
      {mentioning ? (
        <MentionPicker groupContactId={contactId} myUserId={myUserId} canMentionAll={canMentionAll} onPick={pickMention} onClose={() => setMentioning(false)} />
      ) : null}
      {locating ? (
        <Suspense fallback={null}>
          <LocationPicker onSend={onLocation} onClose={() => setLocating(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
