// The terms of use: accounts, credits, content rights and acceptable use.
import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Your account',
    paragraphs: [
      'You must be at least 16 years old to use Reelforge. Keep your password to yourself; you are responsible for what happens under your account.',
    ],
  },
  {
    heading: 'Plans and credits',
    paragraphs: [
      'Each video costs one credit. Free members receive 10 credits a month and Pro members 150; unused monthly credits do not carry over. Elite members create without a credit limit.',
      'Credits you buy, earn or are granted never expire and cannot be transferred. All sales are final, except where the law gives you a right to a refund. A video that fails to render gives its credit back automatically.',
      'Subscriptions renew automatically each month until you cancel; cancelling keeps your plan until the end of the period you paid for.',
    ],
  },
  {
    heading: 'Your content',
    paragraphs: [
      'You keep the rights to what you upload and to the videos you create. You give us the permission we need to store, process and show them to you and to the people you share them with.',
      'Only upload images you have the right to use. Commercial use of generated videos is included with the Elite plan.',
    ],
  },
  {
    heading: 'Acceptable use',
    paragraphs: [
      'Do not use Reelforge to create content that is illegal, that harasses or deceives people, that infringes the rights of others, or that sexualises minors. Do not try to break, overload or get around the limits of the service.',
      'We may remove content or suspend accounts that break these rules.',
    ],
  },
  {
    heading: 'Earning credits',
    paragraphs: [
      'Credits for posts, follows, referrals and view milestones are awarded after review. Proof must be genuine; we may refuse or reverse rewards obtained by fake accounts or inflated views.',
    ],
  },
  {
    heading: 'Availability',
    paragraphs: [
      'We work hard to keep Reelforge running, but we cannot promise it will always be available or free of errors. Scheduled Creator Engine runs can be delayed by maintenance.',
    ],
  },
  {
    heading: 'Liability',
    paragraphs: [
      'To the extent the law allows, Reelforge is provided as is, and our total liability for any claim is limited to the amount you paid us in the twelve months before it.',
    ],
  },
  {
    heading: 'Changes and contact',
    paragraphs: [
      'We may update these terms; if a change matters we tell you in the app before it applies. Questions: support@reelforge.app.',
    ],
  },
];

export function TermsOfUse() {
  return (
    <LegalDocument
      title="Terms of Use"
      intro="These terms are the agreement between you and Reelforge when you use the service. Please read them; they are short."
      sections={SECTIONS}
    />
  );
}
