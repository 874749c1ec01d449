import { asRichText, RICH_TEXT_FORMATS, RICH_TEXT_TOOLBAR, richTextUrlAllowed, withLinkScheme } from '@parley/protocol';
import Quill from 'quill';
import Image from 'quill/formats/image.js';
import Link from 'quill/formats/link.js';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import styles from './RichTextEditor.module.css';

/** Links only over http, https, mailto and tel; `parley.example` gets `https://` (spec §9). */
class SafeLink extends Link {
  static sanitize(url: string): string {
    const full = withLinkScheme(url);
    return richTextUrlAllowed('a', full) ? full : Link.SANITIZED_URL;
  }
}

/** Images only over http, https or data (spec §9); anything else points nowhere and the server drops it. */
class SafeImage extends Image {
  static sanitize(url: string): string {
    return richTextUrlAllowed('img', url) ? url : '//:0';
  }
}

Quill.register({ 'formats/link': SafeLink, 'formats/image': SafeImage }, true);

export interface RichTextEditorProps {
  /** the starting value: stored rich text or an old plain text */
  initial: string;
  placeholder?: string;
  /** the HTML (the editor's semantic HTML, '' when empty) and the length of its text */
  onChange(html: string, length: number): void;
  testId?: string;
}

/** The editor's HTML: semantic lists, plain spaces (Quill 2.0 writes every space as &nbsp;), '' when empty. */
function htmlOf(quill: Quill): string {
  if (quill.getText().trim() === '' && !quill.root.querySelector('img')) return '';
  return quill.getSemanticHTML().replace(/&nbsp;/g, ' ');
}

/**
 * The one rich-text editor (spec §9): Quill 2 with exactly the toolbar of headers 1-3, bold,
 * italic, underline, link, ordered and bullet lists and clear formatting; indent levels 1-8 (Tab
 * in a list). Loaded lazily: only the pages that edit pay for Quill.
 */
export default function RichTextEditor({ initial, placeholder, onChange, testId }: RichTextEditorProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made once; `initial` is its starting value
  useEffect(() => {
    const root = host.current;
    if (!root) return;
    const mount = document.createElement('div');
    root.append(mount);
    const quill = new Quill(mount, {
      theme: 'snow',
      bounds: root,
      placeholder,
      formats: [...RICH_TEXT_FORMATS],
      modules: { toolbar: RICH_TEXT_TOOLBAR as unknown as unknown[] },
    });
    translateChrome(root, t('docs.editor', { returnObjects: true }));
    const value = asRichText(initial);
    if (value) quill.setContents(quill.clipboard.convert({ html: value }), 'silent');
    const report = () => changed.current(htmlOf(quill), Math.max(0, quill.getLength() - 1));
    quill.on('text-change', report);
    report();
    return () => {
      quill.off('text-change', report);
      root.replaceChildren();
    };
  }, []);

  return <div ref={host} className={styles.editor} data-testid={testId} />;
}

type EditorTexts = Record<string, string>;

/** Quill draws its texts from CSS and attributes: give them the reader's language. */
function translateChrome(root: HTMLElement, texts: EditorTexts): void {
  const t = (key: string) => texts[key.replace('docs.editor.', '')] ?? '';
  const label = (selector: string, key: string) => {
    for (const el of root.querySelectorAll<HTMLElement>(selector)) {
      el.setAttribute('aria-label', t(key));
      el.title = t(key);
    }
  };
  label('button.ql-bold', 'docs.editor.bold');
  label('button.ql-italic', 'docs.editor.italic');
  label('button.ql-underline', 'docs.editor.underline');
  label('button.ql-link', 'docs.editor.link');
  label('button.ql-list[value=ordered]', 'docs.editor.ordered');
  label('button.ql-list[value=bullet]', 'docs.editor.bullet');
  label('button.ql-clean', 'docs.editor.clean');
  label('.ql-header .ql-picker-label', 'docs.editor.heading');
  const headings: Record<string, string> = { '1': 'docs.editor.h1', '2': 'docs.editor.h2', '3': 'docs.editor.h3' };
  for (const item of root.querySelectorAll<HTMLElement>('.ql-header .ql-picker-item')) {
    item.setAttribute('data-label', t(headings[item.dataset.value ?? ''] ?? 'docs.editor.normal'));
  }
  const pickerLabel = root.querySelector<HTMLElement>('.ql-header .ql-picker-label');
  pickerLabel?.setAttribute('data-label', t('docs.editor.normal'));
  const tooltip = root.querySelector<HTMLElement>('.ql-tooltip');
  if (tooltip) {
    tooltip.dataset.visit = t('docs.editor.visit');
    tooltip.dataset.enter = t('docs.editor.enterLink');
    tooltip.querySelector<HTMLElement>('a.ql-action')?.setAttribute('data-edit', t('docs.editor.edit'));
    tooltip.querySelector<HTMLElement>('a.ql-action')?.setAttribute('data-save', t('docs.editor.save'));
    tooltip.querySelector<HTMLElement>('a.ql-remove')?.setAttribute('data-remove', t('docs.editor.remove'));
    const input = tooltip.querySelector<HTMLInputElement>('input[type=text]');
    input?.setAttribute('data-link', 'https://');
    input?.setAttribute('aria-label', t('docs.editor.link'));
  }
}
