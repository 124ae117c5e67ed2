/** The checkbox that shares a list with the buyer's company, for those who may. */
export function ShareBox({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="form__check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>Share with my company</label>
    </div>
  );
}
