import type { OrderView } from '@shop/domain';

/** An address as an order, a company or a held order keeps it. */
type Address = OrderView['shipping_address'];

/** Which of the lines that may be left out show (both do unless told otherwise). */
interface Shown {
  country?: boolean;
  telephone?: boolean;
}

/** The address's lines, the name first, the empty ones left out. */
export function addressLines(address: Address, { country = true, telephone = true }: Shown = {}): string[] {
  return [
    `${address.first_name} ${address.last_name}`,
    address.street,
    address.city,
    address.state,
    address.postal_code,
    country ? address.country : null,
    telephone ? address.telephone_number : null,
  ].filter((line): line is string => Boolean(line));
}

/** An address as lines, one under the other. */
export function AddressLines({
  address,
  className,
  ...shown
}: { address: Address; className?: string } & Shown) {
  return (
    <address className={className}>
      {addressLines(address, shown).map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}
