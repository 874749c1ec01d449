import { docLangOf } from '@parley/protocol';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/index.ts';
import { ApiError, api } from '../../../api/client.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { RichTextView } from '../../../components/richText/RichTextView.tsx';
import styles from './doc.module.css';
import { DocError } from './DocState.tsx';

/** docs.notFound: the article was removed (or never was). */
const isMissing = (err: unknown) => err instanceof ApiError && err.details.code === 404;

/** One help article, sanitized again before it is shown. */
export function DocArticlePage({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const doc = useQuery({
    queryKey: ['docDetail', slug, lang],
    queryFn: () => api.call('docDetail', { slug, lang }, { silent: true }),
    retry: (count, err) => !isMissing(err) && count < 2,
  });
  const missing = isMissing(doc.error);

  let body: React.ReactNode;
  if (doc.data) {
    body = (
      <article className={styles.article} data-testid="doc-article" data-lang={doc.data.lang}>
        <h1 className={styles.title} data-testid="doc-title">
          {doc.data.title}
        </h1>
        <p className={styles.meta}>
          {t('docs.updated', { date: new Date(doc.data.updated_at).toLocaleDateString(i18n.language) })}
        </p>
        {/* an article not (yet) written in my language, served in English */}
        {doc.data.lang !== docLangOf(lang) ? <p className={styles.fallback}>{t('docs.englishOnly')}</p> : null}
        <RichTextView html={doc.data.html} testId="doc-body" />
      </article>
    );
  } else if (missing) body = <EmptyState text={t('docs.missing')} />;
  else if (doc.isError) body = <DocError onRetry={() => void doc.refetch()} />;
  else body = <PageLoading />;

  return (
    <PageFrame title={doc.data?.title ?? t('routes.doc')} background="white" testId="doc-article-page">
      {body}
    </PageFrame>
  );
}
