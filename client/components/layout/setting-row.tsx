// One labelled row of a settings card (Profile's Account Settings): label left, value right,
// wrapping under each other on a phone.
export function SettingRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
      <span className="text-muted-foreground text-sm">{label}</span>
      <span className="min-w-0 font-medium">{children}</span>
    </div>
  );
}
