import { ImageUp, Trash2 } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { User } from '@/contracts/auth';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { useRemoveAvatar, useUploadAvatar } from '../api/mutations';
import { AVATAR_TYPES, avatarFileProblem } from '../lib/avatar-file';
import { UserAvatar } from './user-avatar';

/**
 * The profile picture: choose a file (button) or drop one on the zone; the size and type are
 * checked here first (5 MB; JPEG, PNG or WebP), then on the server. Remove goes back to initials.
 */
export function AvatarUploader({ user, name }: { user: User; name: string }) {
  const { t } = useTranslation(['profile', 'errors']);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<'AVATAR_TOO_LARGE' | 'AVATAR_INVALID_TYPE' | null>(null);
  const busy = upload.isPending || remove.isPending;

  const send = (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    remove.reset();
    const found = avatarFileProblem(file);
    setProblem(found);
    if (found) return;
    upload.mutate(file, { onSuccess: () => toast.success(t('avatar.updated')) });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) send(event.dataTransfer.files[0]);
  };

  return (
    <div className="grid gap-3">
      <div
        data-testid="avatar-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-start gap-4 rounded-lg border border-dashed p-4 transition-colors sm:flex-row sm:items-center',
          dragging ? 'border-primary bg-accent/50' : 'border-border',
        )}
      >
        <UserAvatar
          avatarUrl={user.avatarUrl}
          name={name}
          className="size-16"
          fallbackClassName="text-lg"
        />
        <div className="grid min-w-0 gap-2">
          <p className="text-muted-foreground">
            {dragging ? t('avatar.dropActive') : t('avatar.drop')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              change
              size="sm"
              variant="outline"
              disabled={busy}
              aria-describedby="avatar-hint"
              onClick={() => fileInput.current?.click()}
            >
              <ImageUp aria-hidden="true" />
              {upload.isPending ? t('avatar.uploading') : t('avatar.upload')}
            </Button>
            {user.avatarUrl ? (
              <Button
                change
                size="sm"
                variant="ghost"
                disabled={busy}
                onClick={() => {
                  setProblem(null);
                  upload.reset();
                  remove.mutate(undefined, { onSuccess: () => toast.success(t('avatar.removed')) });
                }}
              >
                <Trash2 aria-hidden="true" />
                {remove.isPending ? t('avatar.removing') : t('avatar.remove')}
              </Button>
            ) : null}
          </div>
          <p id="avatar-hint" className="text-[13px] text-muted-foreground">
            {t('avatar.hint')}
          </p>
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          aria-label={t('avatar.fileLabel')}
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {problem ? <Alert role="alert" tone="error" title={t(`errors:${problem}`)} /> : null}
      <ApiErrorAlert error={upload.error ?? remove.error} />
    </div>
  );
}
