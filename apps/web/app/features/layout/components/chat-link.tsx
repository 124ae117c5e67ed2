import { useLocation } from 'react-router';
import { ChatIcon } from '~/components/ui/icons';
import { SHOP } from '~/lib/shop';

/**
 * The pages the chat button stays off, with everything under them: on the cart and the checkout it would
 * float over the totals and the way to pay, in the back office over its forms. Elsewhere the
 * footer keeps room for it at the end of the page.
 */
const WITHOUT_CHAT = ['/cart', '/checkout', '/admin'];

export function showsChat(pathname: string): boolean {
  return !WITHOUT_CHAT.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The floating chat link (a WhatsApp conversation with a quote request typed in). */
export function ChatLink() {
  const { pathname } = useLocation();
  if (!showsChat(pathname)) return null;
  return (
    <a
      className="chat-link"
      href={SHOP.chat.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us"
    >
      <ChatIcon size={28} />
    </a>
  );
}
