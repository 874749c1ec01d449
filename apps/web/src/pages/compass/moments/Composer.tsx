import { MOMENT_IMAGES_MAX, MOMENT_TEXT_MAX, MOMENT_VIDEO_SECONDS_MAX, type MomentVisibility } from '@parley/protocol';
import { Button, Checkbox, Input, Popup, Radio, TextArea } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { api } from '../../../api/client.ts';
import { uploadFile } from '../../../api/uploads.ts';
import { showToast } from '../../../components/feedback.tsx';
import { appContainer } from '../../../layout.ts';
import { useFriendList } from '../../../stores/friends.ts';
import styles from './moments.module.css';
import { useRetryIds } from '../../../hooks/useRetryIds.ts';

interface Picked {
  file: File;
  kind: 'image' | 'video';
  preview: string;
  duration: number;
}

/** A video's length in seconds, read from its metadata (0 when the browser cannot tell). */
function videoSeconds(url: string): Promise<number> {
  return new Promise((resolve) => {
    const v = document.createElement('video');
    v.preload = 'metadata';
    v.onloadedmetadata = () => resolve(Number.isFinite(v.duration) ? v.duration : 0);
    v.onerror = () => resolve(0);
    v.src = url;
  });
}

/** Writing a post: text, up to 9 pictures or one video, a place, and who may see it. */
export function Composer({ open, onClose, onPosted }: { open: boolean; onClose(): void; onPosted(): void }) {
  const { t } = useTranslation();
  const { friends } = useFriendList();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Picked[]>([]);
  const [location, setLocation] = useState('');
  const [visibility, setVisibility] = useState<MomentVisibility>('friends');
  const [chosen, setChosen] = useState<number[]>([]);

  const reset = () => {
    setText('');
    setPicked([]);
    setLocation('');
    setVisibility('friends');
    setChosen([]);
  };

  const pick = async (files: FileList | null) => {
    const next = [...picked];
    for (const file of Array.from(files ?? [])) {
      const kind = file.type.startsWith('video/') ? 'video' : 'image';
      const preview = URL.createObjectURL(file);
      const duration = kind === 'video' ? await videoSeconds(preview) : 0;
      if (kind === 'video' && duration > MOMENT_VIDEO_SECONDS_MAX) {
        showToast(t('moments.videoTooLong', { max: MOMENT_VIDEO_SECONDS_MAX }));
        continue;
      }
      if ((kind === 'video' && next.length > 0) || next.some((p) => p.kind === 'video')) {
        showToast(t('moments.oneVideo'));
        continue;
      }
      if (next.length >= MOMENT_IMAGES_MAX) {
        showToast(t('moments.nineImages', { max: MOMENT_IMAGES_MAX }));
        break;
      }
      next.push({ file, kind, preview, duration });
    }
    setPicked(next);
  };

  const retryIds = useRetryIds();
  const post = useMutation({
    mutationFn: async () => {
      const ids: number[] = [];
      for (const p of picked) ids.push((await uploadFile(p.file, p.file.name, { kind: p.kind })).file_id);
      const video = picked.find((p) => p.kind === 'video');
      const what = JSON.stringify([text, picked.map((p) => [p.file.name, p.file.size]), location, visibility, chosen]);
      return api.call('momentPost', {
        client_id: retryIds.idFor(what),
        text,
        file_ids: ids,
        duration: video ? Math.min(video.duration, MOMENT_VIDEO_SECONDS_MAX) : 0,
        location: location.trim() || null,
        visibility,
        visible_to: visibility === 'chosen' ? chosen : [],
      });
    },
    onSuccess: () => {
      retryIds.forget();
      reset();
      onPosted();
    },
  });

  const canPost = (text.trim() !== '' || picked.length > 0) && (visibility === 'friends' || chosen.length > 0);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="bottom" getContainer={appContainer} bodyStyle={{ height: '100%' }}>
      <div data-testid="moment-composer">
        <div className={styles.composerBar}>
          <Button fill="none" onClick={onClose} data-testid="moment-compose-cancel">
            {t('common.cancel')}
          </Button>
          <Button color="primary" size="small" disabled={!canPost} loading={post.isPending} onClick={() => post.mutate()} data-testid="moment-compose-post">
            {t('moments.post')}
          </Button>
        </div>
        <div className={styles.composer}>
          <TextArea
            value={text}
            onChange={setText}
            placeholder={t('moments.placeholder')}
            maxLength={MOMENT_TEXT_MAX}
            autoSize={{ minRows: 3, maxRows: 8 }}
            data-testid="moment-compose-text"
          />
          <div className={styles.picked}>
            {picked.map((p) =>
              p.kind === 'image' ? <img key={p.preview} src={p.preview} alt="" /> : <video key={p.preview} src={p.preview} muted />,
            )}
            {picked.length < MOMENT_IMAGES_MAX && !picked.some((p) => p.kind === 'video') ? (
              <button type="button" className={styles.addMedia} onClick={() => input.current?.click()} aria-label={t('moments.addMedia')}>
                +
              </button>
            ) : null}
          </div>
          <input
            ref={input}
            type="file"
            accept="image/*,video/*"
            multiple
            hidden
            data-testid="moment-compose-files"
            onChange={(e) => {
              void pick(e.target.files);
              e.target.value = '';
            }}
          />
          <Input value={location} onChange={setLocation} placeholder={t('moments.location')} maxLength={100} data-testid="moment-compose-location" />
          <Radio.Group value={visibility} onChange={(v) => setVisibility(v as MomentVisibility)}>
            <Radio value="friends" data-testid="moment-visibility-friends">
              {t('moments.allFriends')}
            </Radio>{' '}
            <Radio value="chosen" data-testid="moment-visibility-chosen">
              {t('moments.chosenFriends')}
            </Radio>
          </Radio.Group>
          {visibility === 'chosen' ? (
            <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as number[])}>
              {friends.map((f) => (
                <div key={f.user_id}>
                  <Checkbox value={f.user_id} data-testid={`moment-reader-${f.user_id}`}>
                    {f.displayName}
                  </Checkbox>
                </div>
              ))}
            </Checkbox.Group>
          ) : null}
        </div>
      </div>
    </Popup>
  );
}
