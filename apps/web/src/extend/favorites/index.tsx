import type { PageProps } from '../../router/pageProps.ts';
import { FavoritesPage } from './FavoritesPage.tsx';

export default function Favorites({ titleKey }: PageProps) {
  return <FavoritesPage titleKey={titleKey} />;
}
