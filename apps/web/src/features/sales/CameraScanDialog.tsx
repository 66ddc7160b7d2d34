import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { cameraProblem, loadFrameReader, openCamera } from './barcode-camera.ts';
import classes from './PosSearch.module.css';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Once the dialog has gone: the next step belongs back in the search box, ready for the next scan. */
  onClosed: () => void;
  /** A code read from the camera; the dialog is closed by then. */
  onCode: (code: string) => void;
}

/** Frames read per second at most: quick enough to feel instant, slow enough to leave a phone's CPU some room. */
const FRAME_GAP_MS = 100;

// Scan with the camera: the video and what is happening. The camera runs only while the dialog is open;
// closing it (Esc, the close button, or a code read) stops every track, which turns the camera's light off.
export function CameraScanDialog({ opened, onClose, onClosed, onCode }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      returnFocus={false}
      title="Scan with the camera"
      centered
      size="lg"
    >
      {opened && (
        <CameraView
          onCode={(code) => {
            onClose();
            onCode(code);
          }}
        />
      )}
    </Modal>
  );
}

function CameraView({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning'>('starting');
  const [problem, setProblem] = useState<string>();
  const onCodeNow = useRef(onCode);
  onCodeNow.current = onCode;

  useEffect(() => {
    let closed = false;
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    const stop = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    (async () => {
      const [camera, read] = await Promise.all([openCamera(), loadFrameReader()]);
      stream = camera;
      const element = video.current;
      if (closed || !element) return stop();
      element.srcObject = camera;
      await element.play();
      setState('scanning');
      const readFrame = async () => {
        if (closed) return;
        const code = await read(element).catch(() => undefined);
        if (closed) return;
        if (code) return onCodeNow.current(code);
        timer = window.setTimeout(readFrame, FRAME_GAP_MS);
      };
      void readFrame();
    })().catch((err: unknown) => {
      stop();
      if (!closed) setProblem(cameraProblem(err));
    });
    return () => {
      closed = true;
      window.clearTimeout(timer);
      stop();
    };
  }, []);

  if (problem) {
    return (
      <Alert color="orange" role="alert" title="The camera cannot be used">
        {problem}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <video ref={video} className={classes.camera} muted playsInline aria-label="Camera picture" />
      <Text size="sm" c="dark.3" role="status">
        {state === 'starting'
          ? 'Starting the camera...'
          : 'Hold the barcode flat in the middle of the picture; it is added to the cart as soon as it is read.'}
      </Text>
    </Stack>
  );
}
