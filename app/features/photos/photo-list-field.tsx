import { useCallback, useEffect, useId, useRef, useState } from "react";
import { filesChosenIn, useSendChosenBeforeBoot, useSwapAtHydration } from "~/ui/hydration";
import { notify } from "~/features/toast/toaster";
import { Icon, type IconProps, SmallLineIcon } from "~/ui/icons";
import { FILE_INPUT_CLASS } from "~/ui/file-field";
import { ProgressBar } from "~/ui/progress-bar";
import { useUploadPending } from "~/ui/pending-uploads";
import { uploadFailedMessage, type MediaMessage } from "~/features/media/media-message";
import { UploadError, sendFile, uploadFailureToast } from "~/features/media/send-file";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGE_SIGNATURE_BYTES, detectImageType } from "./photo-types";
import { PhotoStatus } from "./photo-status-view";
import { imageSources } from "./product-image";

/** Six dots: a handle to drag an item in a list. */
function DragHandleIcon(props: IconProps) {
  return (
    <Icon viewBox="0 0 20 20" fill="currentColor" {...props}>
      <circle cx="7" cy="5" r="1.5" />
      <circle cx="13" cy="5" r="1.5" />
      <circle cx="7" cy="10" r="1.5" />
      <circle cx="13" cy="10" r="1.5" />
      <circle cx="7" cy="15" r="1.5" />
      <circle cx="13" cy="15" r="1.5" />
    </Icon>
  );
}

/** Rounded lines on a 20-unit grid around the given shapes: the image list's move and remove buttons. */
function SmallGlyphIcon(props: IconProps) {
  return <SmallLineIcon strokeLinecap="round" strokeLinejoin="round" {...props} />;
}

/**
 * The product form's Images section: one ordered list of image URLs, the first is the cover
 * ("Required" label), the rest become extra_images. Submitted as repeated `name` fields, in order.
 *
 * With JavaScript: pick or drop several files; each streams to /admin/uploads/image with its own
 * progress bar; reorder by dragging or with the Move up / Move down buttons; Remove takes an image
 * off the form only (the stored file is kept).
 * Without JavaScript: the current images are "Keep" checkboxes (named `name`), and new files go in
 * the `imageFiles` input, which the form's action stores with tryStoreFormImages() in the same submit.
 * The form must be `encType="multipart/form-data"`.
 */
export interface PhotoListFieldProps {
  /** Form field name; each URL is posted as `${name}` (repeated), in order. */
  name: string;
  defaultValue: string[];
}

/** The no-JavaScript file input's name, read by the product form's action. */
const IMAGE_FILES_FIELD = "imageFiles";

interface ImageItem {
  id: string;
  url: string | null;
  label: string;
  /** Object URL of the picked file while it uploads. */
  preview: string | null;
  /** 0 to 1 while uploading; null when stored. */
  progress: number | null;
}

async function sendImage(file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<string> {
  const body = await sendFile("/admin/uploads/image", file, onProgress, signal);
  if (typeof body.url !== "string") throw new UploadError(uploadFailedMessage("The server did not say where the image is"));
  return body.url;
}

/** The product's checks in the browser, before sending: size, then the file's first bytes. */
async function checkImage(file: File): Promise<MediaMessage | null> {
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.tooLarge;
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  return detectImageType(head) ? null : IMAGE_MESSAGES.invalidType;
}

function fileLabel(url: string) {
  const last = url.split("/").pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    // Not percent-encoded text (e.g. a stray "%"): show it as typed.
    return last;
  }
}

export function PhotoListField({ name, defaultValue }: PhotoListFieldProps) {
  const plainRef = useRef<HTMLDivElement>(null);
  // A Keep box unticked before the page booted: the enhanced list starts without that image.
  const [kept, setKept] = useState(defaultValue);
  // Photos chosen before the page booted: the enhanced list uploads them as if dropped there.
  const [picked, setPicked] = useState<File[]>([]);
  const hydrated = useSwapAtHydration(() => {
    const boxes = plainRef.current?.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${name}"]`);
    if (boxes && boxes.length === defaultValue.length) setKept(defaultValue.filter((_, index) => boxes[index]!.checked));
    setPicked(filesChosenIn(plainRef.current, IMAGE_FILES_FIELD));
  });
  return hydrated ? (
    <EnhancedImageList name={name} defaultValue={kept} pickedBeforeBoot={picked} />
  ) : (
    <div ref={plainRef}>
      <PlainImageList name={name} defaultValue={defaultValue} />
    </div>
  );
}

function CoverBadge() {
  return <span className="rounded-full bg-gold-100 px-2 py-0.5 text-xs font-semibold text-forest-900">Required</span>;
}

function positionName(index: number) {
  return index === 0 ? "Cover image" : `Extra image ${index}`;
}

/** Server render and no-JavaScript form: Keep checkboxes and a multipart file input. */
function PlainImageList({ name, defaultValue }: PhotoListFieldProps) {
  const inputId = useId();
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-500">
        The first image is the cover; the others are shown as extra images. JPG, PNG, WEBP or GIF, up to 50MB each.
      </p>
      {defaultValue.length > 0 ? (
        <ul className="grid gap-2 sm:grid-cols-2">
          {defaultValue.map((url, index) => (
            <li key={`${url}-${index}`}>
              <label className="flex items-center gap-3 rounded-2xl border border-ink-900/10 bg-white p-2 pr-4">
                <input type="checkbox" name={name} value={url} defaultChecked className="h-4 w-4 accent-forest-800" />
                <img
                  {...imageSources(url, "adminThumb")}
                  alt=""
                  width={56}
                  height={56}
                  className="h-14 w-14 rounded-xl bg-cream-100 object-cover"
                />
                <span className="min-w-0 flex-1 text-sm">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 font-medium text-ink-900">
                    Keep {positionName(index).toLowerCase()} {index === 0 ? <CoverBadge /> : null}
                  </span>
                  <span className="block truncate text-xs text-ink-500">{fileLabel(url)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <label htmlFor={inputId} className="label">
          Upload images
        </label>
        <input id={inputId} type="file" name={IMAGE_FILES_FIELD} multiple accept={IMAGE_ACCEPT} className={FILE_INPUT_CLASS} />
        <p className="mt-1 text-xs text-ink-500">New images are added after the ones you keep.</p>
      </div>
    </div>
  );
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

function EnhancedImageList({ name, defaultValue, pickedBeforeBoot }: PhotoListFieldProps & { pickedBeforeBoot: File[] }) {
  const inputId = useId();
  const hintId = useId();
  const [items, setItems] = useState<ImageItem[]>(() =>
    defaultValue.map((url, index) => ({ id: `saved-${index}-${url}`, url, label: fileLabel(url), preview: null, progress: null })),
  );
  const [announcement, setAnnouncement] = useState("");
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [dropActive, setDropActive] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const uploads = useRef(new Map<string, AbortController>());
  const listRef = useRef<HTMLOListElement>(null);
  // The form's save waits while any picked photo is still on its way.
  const sending = items.filter((item) => item.progress !== null).length;
  useUploadPending(sending === 0 ? null : sending === 1 ? "photo" : "photos");

  useEffect(() => {
    const pending = uploads.current;
    return () => pending.forEach((controller) => controller.abort());
  }, []);

  const update = useCallback((id: string, patch: Partial<ImageItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const addFiles = useCallback(
    async (files: File[]) => {
      for (const file of files) {
        const problem = await checkImage(file);
        if (problem) {
          notify({ ...problem, variant: "destructive" });
          continue;
        }
        const id = crypto.randomUUID();
        const preview = URL.createObjectURL(file);
        const controller = new AbortController();
        uploads.current.set(id, controller);
        setItems((current) => [...current, { id, url: null, label: file.name, preview, progress: 0 }]);
        sendImage(file, (fraction) => update(id, { progress: fraction }), controller.signal)
          .then((url) => {
            const isCover = itemsRef.current.findIndex((item) => item.id === id) === 0;
            update(id, { url, progress: null, preview: null });
            notify(IMAGE_MESSAGES.uploaded(isCover));
          })
          .catch((error: unknown) => {
            setItems((current) => current.filter((item) => item.id !== id));
            const toast = uploadFailureToast(error);
            if (toast) notify({ ...toast, variant: "destructive" });
          })
          .finally(() => {
            uploads.current.delete(id);
            URL.revokeObjectURL(preview);
          });
      }
    },
    [update],
  );

  useSendChosenBeforeBoot(pickedBeforeBoot, (files) => void addFiles(files));

  const moveItem = (from: number, to: number, focusButton?: "up" | "down") => {
    if (to < 0 || to >= items.length) return;
    setItems((current) => move(current, from, to));
    setAnnouncement(`${items[from]!.label} moved to position ${to + 1} of ${items.length}${to === 0 ? ", now the cover image" : ""}.`);
    if (focusButton) {
      // Keep keyboard focus on the moved image's button (or its other one at the ends of the list).
      requestAnimationFrame(() => {
        const row = listRef.current?.children[to];
        const wanted = row?.querySelector<HTMLButtonElement>(`button[data-move="${focusButton}"]:not(:disabled)`);
        (wanted ?? row?.querySelector<HTMLButtonElement>("button[data-move]:not(:disabled)"))?.focus();
      });
    }
  };

  const removeItem = (index: number) => {
    const item = items[index]!;
    uploads.current.get(item.id)?.abort();
    setItems((current) => current.filter((other) => other.id !== item.id));
    setAnnouncement(`${item.label} removed.`);
    if (item.url) notify(IMAGE_MESSAGES.removed);
  };

  const onDrop = (event: React.DragEvent) => {
    event.preventDefault();
    setDropActive(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) void addFiles(files);
  };

  return (
    <div className="space-y-4">
      <p id={hintId} className="text-sm text-ink-500">
        The first image is the cover; the others are shown as extra images. Drag to reorder, or use the arrow buttons. JPG, PNG, WEBP or
        GIF, up to 50MB each.
      </p>

      {items.length > 0 ? (
        <ol ref={listRef} aria-label="Product images, in display order" className="space-y-2">
          {items.map((item, index) => {
            const position = index + 1;
            // A picked file shows its local preview; a stored one its smallest fitting variant.
            const sources = item.preview ? { src: item.preview } : imageSources(item.url, "adminThumb");
            return (
              <li
                key={item.id}
                draggable
                onDragStart={(event) => {
                  setDragIndex(index);
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", String(index));
                }}
                onDragOver={(event) => {
                  if (dragIndex !== null) event.preventDefault();
                }}
                onDrop={(event) => {
                  if (dragIndex === null) return;
                  event.preventDefault();
                  event.stopPropagation();
                  moveItem(dragIndex, index);
                  setDragIndex(null);
                }}
                onDragEnd={() => setDragIndex(null)}
                className={`flex items-center gap-2 rounded-2xl border bg-white p-2 shadow-sm transition sm:gap-3 ${
                  dragIndex === index ? "border-gold-500 opacity-60" : "border-ink-900/10"
                } ${index === 0 ? "ring-1 ring-gold-500/50" : ""}`}
              >
                <span aria-hidden="true" className="hidden cursor-grab px-1 text-ink-500 sm:block" title="Drag to reorder">
                  <DragHandleIcon className="h-5 w-5" />
                </span>
                <img
                  {...sources}
                  alt={`${positionName(index)}: ${item.label}`}
                  width={64}
                  height={64}
                  className="h-14 w-14 shrink-0 rounded-xl bg-cream-100 object-cover sm:h-16 sm:w-16"
                />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm font-medium text-ink-900">
                    {positionName(index)} {index === 0 ? <CoverBadge /> : null}
                  </p>
                  <p className="truncate text-xs text-ink-500">{item.label}</p>
                  {item.progress !== null ? (
                    <div className="mt-1.5 flex items-center gap-2">
                      <ProgressBar
                        label={`Uploading ${item.label}`}
                        percent={Math.round(item.progress * 100)}
                        className="h-1.5 flex-1 overflow-hidden rounded-full bg-forest-100"
                        barClassName="h-full rounded-full bg-forest-700 transition-[width]"
                      />
                      <span className="w-10 text-right text-xs tabular-nums text-ink-500">{Math.round(item.progress * 100)}%</span>
                    </div>
                  ) : null}
                  {item.url && item.progress === null ? <PhotoStatus url={item.url} /> : null}
                  {item.url ? <input type="hidden" name={name} value={item.url} /> : null}
                </div>
                <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
                  <IconButton
                    label={`Move image ${position} up`}
                    data-move="up"
                    disabled={index === 0}
                    onClick={() => moveItem(index, index - 1, "up")}
                  >
                    <path d="M10 15V5M5 10l5-5 5 5" />
                  </IconButton>
                  <IconButton
                    label={`Move image ${position} down`}
                    data-move="down"
                    disabled={index === items.length - 1}
                    onClick={() => moveItem(index, index + 1, "down")}
                  >
                    <path d="M10 5v10M5 10l5 5 5-5" />
                  </IconButton>
                  <IconButton label={`Remove image ${position}`} onClick={() => removeItem(index)} danger>
                    <path d="M5 5l10 10M15 5L5 15" />
                  </IconButton>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm leading-7 text-ink-700">
          No images yet. The cover image <CoverBadge /> comes first.
        </p>
      )}

      <div
        onDragOver={(event) => {
          if (dragIndex !== null) return;
          event.preventDefault();
          setDropActive(true);
        }}
        onDragLeave={() => setDropActive(false)}
        onDrop={onDrop}
        className={`rounded-2xl border-2 border-dashed p-5 text-center transition-colors ${
          dropActive ? "border-forest-700 bg-forest-50" : "border-ink-500/25 bg-cream-100/60"
        }`}
      >
        <label htmlFor={inputId} className="label">
          Upload images
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          aria-describedby={hintId}
          className={`${FILE_INPUT_CLASS} mx-auto max-w-sm`}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = "";
            void addFiles(files);
          }}
        />
        <p className="mt-2 text-xs text-ink-500">or drop images here</p>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  danger,
  children,
  ...rest
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: React.ReactNode;
  "data-move"?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      {...rest}
      className={`grid h-8 w-8 place-items-center rounded-full sm:h-9 sm:w-9 border border-ink-900/10 bg-white transition-colors disabled:cursor-not-allowed disabled:opacity-30 ${
        danger ? "text-berry-700 hover:bg-berry-50" : "text-forest-800 hover:bg-forest-50"
      }`}
    >
      <SmallGlyphIcon className="h-4 w-4">{children}</SmallGlyphIcon>
    </button>
  );
}
