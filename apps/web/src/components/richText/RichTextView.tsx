import { useMemo } from 'react';
import styles from './RichText.module.css';
import { purifyRichText } from './purify.ts';

export interface RichTextViewProps {
  /** sanitized rich text from the server, or an old plain text (shown escaped) */
  html: string;
  className?: string;
  testId?: string;
}

/** Shows a rich text: sanitized again here (DOMPurify, the protocol's allow-list) before it reaches the page. */
export function RichTextView({ html, className, testId }: RichTextViewProps) {
  const safe = useMemo(() => purifyRichText(html), [html]);
  return (
    <div
      className={className ? `${styles.view} ${className}` : styles.view}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: purified with the protocol's allow-list just above
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
