// Admin Tools (spec/product.md "Profile", §5 "Admin"): the operator's alerts, the proof review
// queue, credit grants, payments that could not be applied, and the CSV exports. The Profile shows it to admins only;
// the server refuses everyone else regardless.
import { BellRing, CreditCard, Download, Gift, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { ExportButtons } from './export-buttons';
import { GrantCreditsForm } from './grant-credits-form';
import { OperatorAlerts } from './operator-alerts';
import { ReviewQueue } from './review-queue';
import { UnmatchedPayments } from './unmatched-payments';

function SubSection({
  title,
  icon,
  description,
  children,
}: {
  title: string;
  icon: React.ReactNode;
  description: string;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
      <div className="grid gap-1">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-base">
          {icon}
          {title}
        </h3>
        <p className="text-muted-foreground text-sm">{description}</p>
      </div>
      {children}
    </section>
  );
}

export function AdminTools() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-6" data-testid="admin-tools">
      <div className="grid gap-1">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold text-xl">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          Admin Tools
        </h2>
        <p className="text-muted-foreground text-sm">
          Only admins see this section. Every action is checked again on the server.
        </p>
      </div>

      <SubSection
        title="Alerts"
        icon={<BellRing className="size-4 text-muted-foreground" aria-hidden="true" />}
        description="What the service needs you to act on, such as a retired AI model. Dismiss each once it is dealt with; it comes back if it happens again."
      >
        <OperatorAlerts />
      </SubSection>

      <hr className="border-border" />

      <SubSection
        title="Review Submissions"
        icon={<ShieldCheck className="size-4 text-muted-foreground" aria-hidden="true" />}
        description="Check each proof, then approve it to pay the reward or reject it with a reason the member will see."
      >
        <ReviewQueue />
      </SubSection>

      <hr className="border-border" />

      <SubSection
        title="Grant Credits"
        icon={<Gift className="size-4 text-muted-foreground" aria-hidden="true" />}
        description="Add bonus credits to a member's balance, or change their plan from their row. Credits never expire, and the member is notified either way."
      >
        <GrantCreditsForm />
      </SubSection>

      <hr className="border-border" />

      <SubSection
        title="Unmatched Payments"
        icon={<CreditCard className="size-4 text-muted-foreground" aria-hidden="true" />}
        description="Payments Stripe confirmed that named a member or product we do not know, so nothing was applied. Settle each by hand: grant the credits, change the plan, or refund in Stripe."
      >
        <UnmatchedPayments />
      </SubSection>

      <hr className="border-border" />

      <SubSection
        title="Export Data"
        icon={<Download className="size-4 text-muted-foreground" aria-hidden="true" />}
        description="Download a CSV file for a spreadsheet."
      >
        <ExportButtons />
      </SubSection>
    </section>
  );
}
