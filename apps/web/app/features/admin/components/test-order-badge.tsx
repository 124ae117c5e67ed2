/** Marks an order paid through the built-in test processor: no money moved (admin.css: about 8:1). */
export function TestOrderBadge() {
  return (
    <span
      className="admin-badge admin-badge--test"
      title="Paid through the test processor: no money was taken"
    >
      TEST
    </span>
  );
}
