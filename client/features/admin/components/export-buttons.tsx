// Export Data: one button per CSV (members, earnings, video jobs, video requests, stock assets). Each runs its
// own download, with a spinner while it lasts and 'Export Failed' with the server's reason.
import { TIMINGS } from '@shared/limits';
import { EXPORT_KINDS, type ExportKind, exportFileName } from '@shared/schemas/admin';
import { Download, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useDownloadExport } from '../api/export-data';

const LABELS: Record<ExportKind, string> = {
  members: 'Export Members',
  earnings: 'Export Earnings',
  'video-jobs': 'Export Video Jobs',
  'video-requests': 'Export Video Requests',
  'stock-assets': 'Export Stock Assets',
};

function ExportButton({ kind }: { kind: ExportKind }) {
  const download = useDownloadExport();
  const run = () =>
    download.mutate(kind, {
      onError: (error) =>
        toast({
          title: 'Export Failed',
          description: error.message,
          variant: 'destructive',
          duration: TIMINGS.errorToastMs,
        }),
    });
  return (
    <Button
      variant="outline"
      className="w-full justify-start"
      onClick={run}
      disabled={download.isPending}
      aria-busy={download.isPending}
      title={exportFileName(kind)}
      data-export={kind}
    >
      {download.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <Download aria-hidden="true" />
      )}
      {LABELS[kind]}
    </Button>
  );
}

export function ExportButtons() {
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      {EXPORT_KINDS.map((kind) => (
        <ExportButton key={kind} kind={kind} />
      ))}
    </div>
  );
}
