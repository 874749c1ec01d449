import { t } from '../../i18n/index.ts';

/**
 * A form's text (a field's name, an option, a default) in the reader's language. Forms are data
 * (the server's default forms, or ones an operator set): the default forms' English texts have
 * translations (`work.formTexts`), any other text is shown as written.
 */
export function formText(text: string): string {
  const texts = (t as unknown as (key: string, values: { returnObjects: true }) => unknown)('work.formTexts', { returnObjects: true });
  const found = typeof texts === 'object' && texts !== null ? (texts as Record<string, unknown>)[text] : undefined;
  return typeof found === 'string' && found !== '' ? found : text;
}
