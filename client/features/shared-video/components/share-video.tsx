// 'Share this video' (spec/product.md, "Shared video page"): Copy Link, X, Facebook, LinkedIn, and
// WhatsApp on small screens only. Each network opens a 600x400 popup (spec/api.md §7.9).
import { TIMINGS } from '@shared/plans';
import { Check, Link2, MessageCircle, Share2 } from 'lucide-react';
import type * as React from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { openSharePopup, type ShareNetwork, type ShareTarget } from '../share-links';
import { FacebookIcon, LinkedInIcon, XIcon } from './social-icons';

/** Copies the link; the button reads 'Copied!' for 2 s and a toast confirms (spec/api.md §8.3). */
function useCopyLink(url: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Could not copy link to clipboard',
        variant: 'destructive',
      });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), TIMINGS.copiedLabelMs);
    toast({
      title: 'Link Copied!',
      description: 'Video link copied to clipboard',
      duration: TIMINGS.copyToastMs,
    });
  }, [url]);

  return { copied, copy };
}

type NetworkButton = {
  network: ShareNetwork;
  label: string;
  icon: React.ReactNode;
  className?: string;
};

const NETWORKS: NetworkButton[] = [
  { network: 'x', label: 'X', icon: <XIcon /> },
  { network: 'facebook', label: 'Facebook', icon: <FacebookIcon /> },
  { network: 'linkedin', label: 'LinkedIn', icon: <LinkedInIcon /> },
  {
    network: 'whatsapp',
    label: 'WhatsApp',
    icon: <MessageCircle aria-hidden="true" />,
    className: 'md:hidden',
  },
];

export function ShareVideo({ target }: { target: ShareTarget }) {
  const { copied, copy } = useCopyLink(target.url);

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Share2 className="size-5 text-primary" aria-hidden="true" />
          Share this video
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button
            variant="brand"
            className="col-span-2 sm:col-span-1"
            onClick={() => void copy()}
            data-testid="copy-link"
          >
            {copied ? <Check aria-hidden="true" /> : <Link2 aria-hidden="true" />}
            {copied ? 'Copied!' : 'Copy Link'}
          </Button>
          {NETWORKS.map(({ network, label, icon, className }) => (
            <Button
              key={network}
              variant="outline"
              className={cn(className)}
              aria-label={`Share on ${label}`}
              onClick={() => openSharePopup(network, target)}
            >
              {icon}
              {label}
            </Button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
