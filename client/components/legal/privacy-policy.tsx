// The privacy policy: what Reelforge collects, why, and the member's choices.
import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What we collect',
    paragraphs: [
      'Account details: your email address, the name you give us, your plan and a hashed password. We never store your password itself.',
      'What you create: titles, descriptions, images you upload or capture, the scene plans we generate and the videos we render for you, plus the folders, favourites and Creator Engine jobs you set up.',
      'Usage and credits: the credits you receive and spend, purchases, proof you submit to earn credits, and technical records such as the time and IP address of sign-ins, kept to protect your account.',
    ],
  },
  {
    heading: 'How we use it',
    paragraphs: [
      'To run the service: render your videos, keep your library, run your scheduled jobs, count your credits and show your status in real time.',
      'To keep it safe: we limit sign-in attempts, detect abuse and investigate problems you report.',
      'We do not sell your personal information, and we do not use your private videos to advertise.',
    ],
  },
  {
    heading: 'AI providers',
    paragraphs: [
      'When a video is generated with an external AI model, the text and image of that request are sent to that provider only to produce the video, under terms that forbid them from keeping it for other purposes. Previews rendered by our own renderer never leave our servers.',
    ],
  },
  {
    heading: 'Sharing',
    paragraphs: [
      'Your videos are private until you share one. A shared video is visible to anyone with its link until you make it private again or delete it.',
      'Payments are handled by our payment processor; we receive confirmation of the purchase, never your full card number.',
    ],
  },
  {
    heading: 'Cookies and storage',
    paragraphs: [
      'We use one essential cookie to keep you signed in. Your browser also stores your light or dark theme choice. We use no third-party advertising cookies inside the app.',
    ],
  },
  {
    heading: 'Retention and deletion',
    paragraphs: [
      'Deleting a video removes it and its media from our storage. You can ask us to delete your account at any time; we then erase your personal data within 30 days, except records we must keep by law (such as invoices).',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'You can access, correct, export or delete your personal data, and object to or restrict how we use it. Write to support@reelforge.app and we will answer within 30 days.',
    ],
  },
  {
    heading: 'Changes',
    paragraphs: [
      'If we change this policy in a way that matters, we tell you in the app before the change takes effect.',
    ],
  },
];

export function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="Reelforge turns your ideas into videos. This policy explains what information that takes, what we do with it, and the choices you have."
      sections={SECTIONS}
    />
  );
}
