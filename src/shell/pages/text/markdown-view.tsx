import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { outline, type Block, type Inline } from './markdown';

/** Running text: bold stays bold, a site path is a router link, anything else an ordinary link. */
function InlineView({ content }: { content: Inline[] }) {
  return content.map((piece, index) => {
    if (piece.kind === 'strong') return <strong key={index}>{piece.text}</strong>;
    if (piece.kind === 'text') return <Fragment key={index}>{piece.text}</Fragment>;
    if (piece.href.startsWith('/'))
      return (
        <Link key={index} to={piece.href}>
          {piece.text}
        </Link>
      );
    const external = piece.href.startsWith('https://');
    return (
      <a
        key={index}
        href={piece.href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {piece.text}
      </a>
    );
  });
}

function BlockView({ block, id }: { block: Block; id?: string }): ReactNode {
  switch (block.kind) {
    case 'heading':
      return block.level === 2 ? <h2 id={id}>{block.text}</h2> : <h3>{block.text}</h3>;
    case 'paragraph':
      return (
        <p>
          <InlineView content={block.content} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index}>
          <InlineView content={item} />
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'table':
      // A wide table scrolls inside its own box, so a phone's page never scrolls sideways.
      return (
        <div
          className="text-doc__table"
          role="region"
          aria-label={block.head.map((c) => c.map((p) => p.text).join('')).join(' · ')}
          tabIndex={0}
        >
          <table>
            <thead>
              <tr>
                {block.head.map((cell, index) => (
                  <th key={index} scope="col">
                    <InlineView content={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c}>
                      <InlineView content={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

/** Groups each `###` question and the blocks under it, for a page of questions. */
function questions(blocks: Block[]) {
  const groups: { question: string | null; answer: Block[] }[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading' && block.level === 3) groups.push({ question: block.text, answer: [] });
    else if (block.kind === 'heading' || groups.length === 0)
      groups.push({ question: null, answer: [block] });
    else groups[groups.length - 1]!.answer.push(block);
  }
  return groups;
}

/**
 * A parsed text. With `questions`, every `###` heading becomes a disclosure (details/summary) whose
 * summary is the question as a heading, so the page reads as a list of questions a player opens.
 */
export function MarkdownView({ blocks, asQuestions = false }: { blocks: Block[]; asQuestions?: boolean }) {
  if (!asQuestions) {
    // Section headings carry the anchors the table of contents links to.
    const ids = outline(blocks).map((section) => section.id);
    let section = 0;
    return (
      <div className="text-doc">
        {blocks.map((block, index) => (
          <BlockView
            key={index}
            block={block}
            id={block.kind === 'heading' && block.level === 2 ? ids[section++] : undefined}
          />
        ))}
      </div>
    );
  }
  return (
    <div className="text-doc text-doc--faq">
      {questions(blocks).map(({ question, answer }, index) =>
        question === null ? (
          answer.map((block, b) => <BlockView key={`${index}-${b}`} block={block} />)
        ) : (
          <details key={index} className="text-doc__question" data-testid="faq-question">
            <summary>
              <h3>{question}</h3>
            </summary>
            <div className="text-doc__answer">
              {answer.map((block, b) => (
                <BlockView key={b} block={block} />
              ))}
            </div>
          </details>
        ),
      )}
    </div>
  );
}
