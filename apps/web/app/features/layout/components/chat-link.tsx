import { ChatIcon } from '~/components/ui/icons';
import { SHOP } from '~/lib/shop';

/** The floating chat link (a WhatsApp conversation with a quote request typed in). */
export function ChatLink() {
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
