import { GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { MissingTarget } from '../../components/MissingTarget.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { TopBarButton } from '../../components/TopBar.tsx';
import type { PageProps } from '../../router/pageProps.ts';

/** An http(s) address from the query, or null for anything else (javascript:, data:, our own app …). */
export function webAddressOf(raw: string | undefined): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The in-app browser (spec §2 `#/pages/mine/webview?url=`): the page in a sandboxed frame, with
 * "open in browser" for sites that refuse to be framed.
 */
export default function WebviewPage({ query, titleKey }: PageProps) {
  const { t } = useTranslation();
  const url = webAddressOf(query.url);
  const [loaded, setLoaded] = useState(false);
  // A page of our own origin must not get scripts and same-origin together (it could leave the sandbox).
  const sameOrigin = url?.origin === window.location.origin;
  const sandbox = sameOrigin ? 'allow-forms allow-popups' : 'allow-scripts allow-forms allow-popups allow-same-origin';

  const openOutside = url ? (
    <TopBarButton label={t('scan.openInBrowser')} onClick={() => window.open(url.href, '_blank', 'noopener,noreferrer')} testId="webview-open">
      <GlobalOutline />
    </TopBarButton>
  ) : undefined;

  return (
    <PageFrame title={url?.hostname ?? t(titleKey)} right={openOutside} background="white" testId="webview-page">
      {url ? (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          {loaded ? null : (
            <p style={{ margin: 0, padding: '6px 12px', background: '#fffbe6', color: '#8c6d1f', fontSize: 12 }}>{t('scan.frameHint')}</p>
          )}
          <iframe
            title={url.hostname}
            src={url.href}
            sandbox={sandbox}
            referrerPolicy="no-referrer"
            onLoad={() => setLoaded(true)}
            style={{ flex: '1 1 auto', width: '100%', border: 0 }}
            data-testid="webview-frame"
          />
        </div>
      ) : (
        <MissingTarget text={t('scan.badAddress')} />
      )}
    </PageFrame>
  );
}
