import PlaceholderPage from '../../components/PlaceholderPage.tsx';
import { Paths } from '../../router/navigation.ts';
import type { PageProps } from '../../router/pageProps.ts';

/** Back from a chat always returns to the chat list (spec §2). */
export default function ChatPage(props: PageProps) {
  return <PlaceholderPage {...props} backTo={Paths.homeIndex} />;
}
