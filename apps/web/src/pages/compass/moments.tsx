import type { PageProps } from '../../router/pageProps.ts';
import { MomentsPage } from './moments/MomentsPage.tsx';

export default function Moments({ titleKey }: PageProps) {
  return <MomentsPage titleKey={titleKey} />;
}
