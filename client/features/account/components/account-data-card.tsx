// Profile → Your data: download everything Reelforge keeps about the member as one zip, or delete
// the account (docs/accounts.md "Your data", "Deleting an account").
import { ACCOUNT_EXPORT_URL } from '@shared/schemas/account';
import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DeleteAccountDialog } from './delete-account-dialog';

export function AccountDataCard() {
  const [deleting, setDeleting] = useState(false);
  return (
    <Card id="your-data" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          Your data
        </CardTitle>
        <CardDescription>
          Download a copy of your videos, uploads and account records, or delete your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" asChild>
          <a href={ACCOUNT_EXPORT_URL} download>
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
        <Button
          variant="ghost"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => setDeleting(true)}
        >
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      </CardContent>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </Card>
  );
}
