// POST /api/user-folders: a new manual folder with a name and one of the 16 icons.
import type { CreateUserFolderInput, UserFolder } from '@shared/schemas/library';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { folderKeys } from '@/entities/folders/api/folder-keys';
import { apiRequest } from '@/lib/api-client';
import { libraryKeys } from './library-keys';

export function createUserFolder(input: CreateUserFolderInput) {
  return apiRequest<UserFolder>('POST', '/api/user-folders', input);
}

export function useCreateUserFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserFolder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.userFolders() }),
        queryClient.invalidateQueries({ queryKey: folderKeys.list() }),
      ]),
  });
}
