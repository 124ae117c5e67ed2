import type { RefObject } from 'react';

export interface VariantLink {
  id: string;
  name: string;
}

interface VariantNavProps {
  links: readonly VariantLink[];
  activeId: string | null;
  onSelect: (id: string) => void;
  navRef: RefObject<HTMLElement | null>;
}

/**
 * The sticky variant navigation (spec 2, §2): one link per variant. Without script the links are plain
 * in-page links; with it they scroll smoothly and the variant in view is highlighted.
 */
export function VariantNav({ links, activeId, onSelect, navRef }: VariantNavProps) {
  return (
    <nav ref={navRef} className="variant-nav" aria-label="Product variants">
      <ul className="variant-nav__list">
        {links.map((link) => (
          <li key={link.id}>
            <a
              className="variant-nav__link"
              href={`#${link.id}`}
              aria-current={link.id === activeId ? 'location' : undefined}
              onClick={(event) => {
                event.preventDefault();
                onSelect(link.id);
              }}
            >
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
