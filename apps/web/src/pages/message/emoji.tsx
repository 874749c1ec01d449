import type { PageProps } from '../../router/pageProps.ts';
import { StickersPage } from './emoji/StickersPage.tsx';

export default function Emoji({ titleKey }: PageProps) {
  return <StickersPage titleKey={titleKey} />;
}
