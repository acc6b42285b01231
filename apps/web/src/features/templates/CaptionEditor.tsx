import { useState } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import clsx from 'clsx';
import { Bold, Italic, Link2, List, Strikethrough, Unlink } from 'lucide-react';
import { LinkDialog } from './LinkDialog';
import { VariableMenu } from './components/VariableMenu';
import { t } from '../../i18n';

/** The tiptap editor of a caption, and which formats apply at the cursor. */
function useCaptionEditor(value: string, onChange: (html: string) => void, id: string) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true },
        heading: false,
        code: false,
        codeBlock: false,
      }),
    ],
    content: value,
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('template.caption'),
        class:
          'min-h-40 px-4 py-3 text-sm text-gray-800 outline-none dark:text-white/90 [&_a]:text-brand-600 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-5',
      },
    },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      strike: current?.isActive('strike') ?? false,
      link: current?.isActive('link') ?? false,
      list: current?.isActive('bulletList') ?? false,
    }),
  });
  return { editor, state };
}

/**
 * The caption's rich-text editor: bold, italic, strike, links, lists and paragraphs, and the
 * variables (`fields`: the field keys numbers carry) put in at the cursor.
 */
export function CaptionEditor({
  value,
  onChange,
  id,
  fields,
}: {
  value: string;
  onChange(html: string): void;
  id: string;
  fields: string[];
}) {
  const { editor, state } = useCaptionEditor(value, onChange, id);
  const [linkOpen, setLinkOpen] = useState(false);
  if (!editor) return null;
  const tool = (label: string, active: boolean, icon: React.ReactNode, run: () => void) => (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active}
      onClick={run}
      className={clsx(
        'rounded-md p-1.5 text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-white/5',
        active && 'bg-brand-50 text-brand-600 dark:bg-brand-500/15',
      )}
    >
      {icon}
    </button>
  );
  return (
    <div className="rounded-lg border border-gray-300 focus-within:border-brand-300 dark:border-gray-700">
      <div
        className="flex flex-wrap gap-1 border-b border-gray-200 p-1.5 dark:border-gray-700"
        role="toolbar"
        aria-label={t('template.format')}
      >
        {tool(t('editor.bold'), state?.bold ?? false, <Bold className="size-4" />, () =>
          editor.chain().focus().toggleBold().run(),
        )}
        {tool(t('editor.italic'), state?.italic ?? false, <Italic className="size-4" />, () =>
          editor.chain().focus().toggleItalic().run(),
        )}
        {tool(t('editor.strike'), state?.strike ?? false, <Strikethrough className="size-4" />, () =>
          editor.chain().focus().toggleStrike().run(),
        )}
        {tool(t('editor.link'), state?.link ?? false, <Link2 className="size-4" />, () => setLinkOpen(true))}
        {tool(t('editor.removeLink'), false, <Unlink className="size-4" />, () =>
          editor.chain().focus().unsetLink().run(),
        )}
        {tool(t('editor.list'), state?.list ?? false, <List className="size-4" />, () =>
          editor.chain().focus().toggleBulletList().run(),
        )}
        <VariableMenu fields={fields} onInsert={(text) => editor.chain().focus().insertContent(text).run()} />
      </div>
      <EditorContent editor={editor} />
      {linkOpen && (
        <LinkDialog
          initial={editor.getAttributes('link').href ?? 'https://'}
          onClose={() => setLinkOpen(false)}
          onSave={(url) => editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run()}
        />
      )}
    </div>
  );
}
