// The frame of the public account pages (forgot password, reset password, verify email): the
// logo home, one card with the page's heading, and the page title. They work signed in or out.
import { useEffect } from 'react';
import { Link } from 'wouter';
import { Logo } from '@/components/brand/logo';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

export function AccessPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Reelforge`;
  }, [title]);
  return (
    <div className="flex min-h-dvh flex-col items-center bg-background px-4 py-10 sm:justify-center sm:p-8">
      <main className="flex w-full max-w-md flex-col gap-6">
        <Link href="/" className="self-center rounded-md">
          <Logo />
        </Link>
        <Card>
          <CardHeader>
            <h1 className="font-semibold text-2xl leading-tight tracking-tight">{title}</h1>
            {description && <CardDescription>{description}</CardDescription>}
          </CardHeader>
          <CardContent className="grid gap-4">{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}

/** A quiet link between the account pages (back to sign in, ask for a new link). */
export function AccessLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      className="justify-self-center rounded-sm font-medium text-primary text-sm underline-offset-4 hover:underline"
    >
      {children}
    </Link>
  );
}
