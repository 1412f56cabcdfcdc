import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { NewFolderDialog } from './new-folder-dialog';

vi.mock('@/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NewFolderDialog open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe('Create New Folder', () => {
  it('asks for a name before calling the server', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    fireEvent.change(screen.getByLabelText('Folder Name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Folder' }));
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Folder Name Required',
        description: 'Please enter a name for your folder.',
      }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the 16 icons as a radio group and sends the chosen one', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ id: 4, folderName: 'Launches', folderIcon: '🚀' }), {
          status: 201,
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onOpenChange } = renderDialog();
    expect(screen.getAllByRole('radio')).toHaveLength(16);
    expect(screen.getByRole('radio', { name: '📁' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: '🚀' }));
    fireEvent.change(screen.getByLabelText('Folder Name'), { target: { value: ' Launches ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Folder' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/user-folders',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ folderName: 'Launches', folderIcon: '🚀' }),
      }),
    );
  });

  it("shows the server's message when creation fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'A folder named Launches exists' }), {
            status: 409,
          }),
      ),
    );
    renderDialog();
    fireEvent.change(screen.getByLabelText('Folder Name'), { target: { value: 'Launches' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Folder' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Error', description: 'A folder named Launches exists' }),
      ),
    );
  });
});
