// 'Create New Folder': a name and one of the 16 icons, picked from a radio group (arrow keys move
// between icons). Validation uses the shared schema, so the toast carries the spec's words.
import { DEFAULT_FOLDER_ICON, FOLDER_ICONS } from '@shared/catalogue';
import { createUserFolderSchema, FOLDER_NAME_MAX } from '@shared/schemas/library';
import { Loader2 } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useCreateUserFolder } from '../api/create-user-folder';
import { serverMessage } from '../library-errors';

export function NewFolderDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const nameId = useId();
  const iconLabelId = useId();
  const [name, setName] = useState('');
  const [icon, setIcon] = useState<string>(DEFAULT_FOLDER_ICON);
  const create = useCreateUserFolder();

  const close = (next: boolean) => {
    if (!next) {
      setName('');
      setIcon(DEFAULT_FOLDER_ICON);
    }
    onOpenChange(next);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createUserFolderSchema.safeParse({ folderName: name, folderIcon: icon });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      toast({
        title: name.trim() ? 'Error' : 'Folder Name Required',
        description: issue?.message,
        variant: 'destructive',
      });
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (folder) => {
        toast({
          title: 'Folder Created',
          description: `${folder?.folderName ?? parsed.data.folderName} is ready.`,
        });
        close(false);
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: serverMessage(error, 'Failed to create folder'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Folder</DialogTitle>
          <DialogDescription>
            Group videos your way; a video lives in one folder at a time.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={nameId}>Folder Name</Label>
            <Input
              id={nameId}
              value={name}
              maxLength={FOLDER_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. Product launches"
              autoFocus
            />
          </div>
          <div className="grid gap-2">
            <span id={iconLabelId} className="font-medium text-sm">
              Icon
            </span>
            <RadioGroup.Root
              aria-labelledby={iconLabelId}
              value={icon}
              onValueChange={setIcon}
              className="grid grid-cols-8 gap-1.5"
            >
              {FOLDER_ICONS.map((emoji) => (
                <RadioGroup.Item
                  key={emoji}
                  value={emoji}
                  aria-label={emoji}
                  className="flex aspect-square cursor-pointer items-center justify-center rounded-md border bg-background text-xl outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:border-primary data-[state=checked]:bg-primary/10"
                >
                  {emoji}
                </RadioGroup.Item>
              ))}
            </RadioGroup.Root>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Loader2 aria-hidden="true" className="animate-spin" />}
              Create Folder
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
