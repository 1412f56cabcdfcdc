// POST /api/user-folders: a new manual folder with a name and one of the 16 icons.
import type { CreateUserFolderInput, UserFolder } from '@shared/schemas/library';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { FOLDERS_QUERY_KEY, USER_FOLDERS_QUERY_KEY } from './get-folders';

export function createUserFolder(input: CreateUserFolderInput) {
  return apiRequest<UserFolder>('POST', '/api/user-folders', input);
}

export function useCreateUserFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserFolder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_FOLDERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: FOLDERS_QUERY_KEY }),
      ]),
  });
}
