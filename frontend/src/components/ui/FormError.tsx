/** A failure of the whole form (not one field): shown above the buttons, read out at once. */
export function FormError({ title, message }: { title: string; message?: string }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p className="font-medium">{title}</p>
      {message && <p className="mt-0.5 text-red-700">{message}</p>}
    </div>
  );
}
