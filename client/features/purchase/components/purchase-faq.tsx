// The purchase FAQ (spec/api.md §9.1–9.2; docs/payments.md): credits never expire, cannot be
// transferred, sales are final, subscriptions renew, and what a plan change does this month.
import { TIER_RULES } from '@shared/tiers';
import { useId } from 'react';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion';

const FREE = TIER_RULES.Free.monthlyCredits;
const PRO = TIER_RULES.Pro.monthlyCredits;

export const PURCHASE_FAQ: { question: string; answer: string }[] = [
  {
    question: 'Do credits expire?',
    answer:
      "Credits you buy never expire. They stay in your balance until you use them, whatever plan you're on. Your plan's monthly generations are used first.",
  },
  {
    question: 'Can I transfer credits to someone else?',
    answer:
      'No. Credits are non-transferable: they belong to the account that bought or earned them.',
  },
  {
    question: 'Can I get a refund?',
    answer:
      'All sales are final. If something went wrong with a payment, contact support and we will look into it.',
  },
  {
    question: 'Do memberships renew automatically?',
    answer:
      "Yes. Subscriptions renew automatically every month, and each renewal brings the month's generations. Cancel any time from Manage billing on your Profile: your plan stays until the end of the month you paid for.",
  },
  {
    question: "What happens to this month's generations when I change plans?",
    answer: `Upgrading raises this month's generations to the new plan's at once: going from Free (${FREE}) to Pro (${PRO}) adds ${(PRO ?? 0) - (FREE ?? 0)} right away. If you cancel, your plan lasts until the end of the paid month, then Free's ${FREE} generations a month start. Credits you bought or earned are always kept.`,
  },
];

export function PurchaseFaq() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="font-semibold text-xl">
        Frequently Asked Questions
      </h2>
      <Accordion type="multiple" className="rounded-xl border bg-card px-5">
        {PURCHASE_FAQ.map(({ question, answer }) => (
          <AccordionItem key={question} value={question}>
            <AccordionTrigger>{question}</AccordionTrigger>
            <AccordionContent>{answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
