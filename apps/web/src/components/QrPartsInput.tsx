import { Button, FileButton, Group, Progress, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readQrFrame, readQrImage } from '../lib/qr-scan';
import { partsOf, urProgress } from '../lib/ur-progress';

/**
 * Where an air-gapped signer's animated QR code comes back in: the camera (frames read until stopped), uploaded
 * images of its frames, or its parts pasted as text, one per line. Every way adds to the same list of parts; the
 * server puts them together and judges them.
 */
export function QrPartsInput({
  text,
  onTextChange,
  label,
  error,
  testId = 'qr-parts',
}: {
  text: string;
  onTextChange: (text: string) => void;
  label: string;
  error?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const parts = partsOf(text);
  const progress = urProgress(parts);
  const [unreadable, setUnreadable] = useState(0);
  const [camera, setCamera] = useState(false);
  const latest = useRef(text);
  latest.current = text;
  const add = (found: string[]) => {
    const known = new Set(partsOf(latest.current));
    const fresh = found.filter((part) => !known.has(part));
    if (fresh.length > 0) onTextChange([...partsOf(latest.current), ...fresh].join('\n'));
  };

  const upload = async (files: File[]) => {
    const read = await Promise.all(files.map(readQrImage));
    setUnreadable(read.filter((value) => value === null).length);
    add(read.filter((value): value is string => value !== null));
  };

  return (
    <Stack gap="xs" data-testid={testId}>
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => setCamera((on) => !on)} data-testid={`${testId}-camera`}>
          {camera ? t('qr.stopCamera') : t('qr.camera')}
        </Button>
        <FileButton onChange={(files) => void upload(files)} accept="image/*" multiple>
          {(props) => (
            <Button size="xs" variant="default" {...props} data-testid={`${testId}-upload`}>
              {t('qr.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {camera ? <CameraReader onRead={(part) => add([part])} /> : null}
      <Textarea
        label={label}
        description={t('qr.pasteHint')}
        autosize
        minRows={3}
        maxRows={8}
        value={text}
        onChange={(event) => onTextChange(event.currentTarget.value)}
        error={error}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        data-testid={`${testId}-text`}
      />
      {parts.length > 0 ? (
        <Stack gap={4}>
          <Progress value={progress.of ? (100 * progress.seen) / progress.of : 0} size="sm" aria-hidden />
          <Text size="xs" c="dimmed" data-testid={`${testId}-count`}>
            {progress.of
              ? t('qr.progress', { seen: progress.seen, of: progress.of, count: parts.length })
              : t('qr.partsRead', { count: parts.length })}
          </Text>
        </Stack>
      ) : null}
      {unreadable > 0 ? (
        <Text size="xs" c="orange.9">
          {t('qr.unreadable', { count: unreadable })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The camera's picture, read for QR codes several times a second until it is closed. */
function CameraReader({ onRead }: { onRead: (part: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const read = useRef(onRead);
  read.current = onRead;
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        timer = setInterval(async () => {
          const element = video.current;
          if (!element || element.readyState < 2) return;
          const part = await readQrFrame(element);
          if (part) read.current(part);
        }, 150);
      })
      .catch(() => setFailed(true));
    if (!navigator.mediaDevices) setFailed(true);
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  if (failed) {
    return (
      <Text size="sm" c="orange.9" data-testid="camera-failed">
        {t('qr.cameraFailed')}
      </Text>
    );
  }
  return (
    <video
      ref={video}
      muted
      playsInline
      style={{ width: '100%', maxWidth: 360, borderRadius: 8 }}
      data-testid="camera"
    />
  );
}
