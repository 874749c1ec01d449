import type { MessageSearchHit } from '@parley/protocol';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { Highlight, snippetAround } from '../chatList/Highlight.tsx';
import { listTimeText, messagePreview } from '../chatList/labels.ts';
import { ResultRow } from './ResultRow.tsx';
import styles from './search.module.css';

/** What matched: the text, or the label with the file, place or card name. */
function matchedText(m: MessageSearchHit['messages'][number]): string {
  const label = messagePreview(m);
  if (m.type === 'text' || !m.content) return label;
  return `${label} ${m.content}`;
}

/** Messages shown per conversation before "show more". */
const FOLDED = 3;

/** The matching messages of one conversation, newest first, each opening the chat at it. */
export function MessageHits({
  hit,
  keyword,
  name,
  onOpen,
}: {
  hit: MessageSearchHit;
  keyword: string;
  name: string;
  onOpen(msgId: number): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const newestFirst = [...hit.messages].reverse();
  const shown = open ? newestFirst : newestFirst.slice(0, FOLDED);
  return (
    <div data-testid={`search-result-chat-${hit.contact.id}`}>
      {shown.map((m) => (
        <ResultRow
          key={m.msg_id}
          testId={`search-result-message-${m.msg_id}`}
          picture={<Avatar name={name} avatar={hit.contact.avatar} color={hit.contact.avatar_color} size={40} />}
          title={name}
          subtitle={
            <>
              {hit.contact.is_group ? `${m.fromUser.displayName}: ` : ''}
              <Highlight text={snippetAround(matchedText(m), keyword)} keyword={keyword} />
            </>
          }
          time={listTimeText(m.sendTime * 1000)}
          onClick={() => onOpen(m.msg_id)}
        />
      ))}
      {newestFirst.length > FOLDED ? (
        <button type="button" className={styles.more} onClick={() => setOpen((v) => !v)}>
          {open ? t('search.showLess') : `${t('search.showMore')} · ${t('search.relatedCount', { count: newestFirst.length })}`}
        </button>
      ) : null}
    </div>
  );
}
