// The footer: Privacy Policy and Terms of Service open in place; Support leads to the profile's
// support section (through sign-in for visitors).
import { useState } from 'react';
import { Logo } from '@/components/brand/logo';
import { PrivacyPolicy } from '@/components/legal/privacy-policy';
import { TermsOfUse } from '@/components/legal/terms-of-use';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { supportHref } from '@/lib/login-links';

type Document = 'privacy' | 'terms' | null;

export function LandingFooter() {
  const [open, setOpen] = useState<Document>(null);
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="space-y-2">
          <Logo />
          <p className="text-muted-foreground text-sm">
            AI video from a sentence. © {new Date().getFullYear()} Reelforge
          </p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <button
            type="button"
            className="text-muted-foreground hover:text-foreground"
            onClick={() => setOpen('privacy')}
          >
            Privacy Policy
          </button>
          <button
            type="button"
            className="text-muted-foreground hover:text-foreground"
            onClick={() => setOpen('terms')}
          >
            Terms of Service
          </button>
          <a className="text-muted-foreground hover:text-foreground" href={supportHref(false)}>
            Support
          </a>
        </nav>
      </div>
      <Dialog open={open !== null} onOpenChange={(isOpen) => !isOpen && setOpen(null)}>
        <DialogContent className="max-w-3xl">
          <DialogTitle className="sr-only">
            {open === 'terms' ? 'Terms of Service' : 'Privacy Policy'}
          </DialogTitle>
          <DialogDescription className="sr-only">The full text of the document.</DialogDescription>
          {open === 'terms' ? <TermsOfUse /> : <PrivacyPolicy />}
        </DialogContent>
      </Dialog>
    </footer>
  );
}
