/**
 * The business's own words, searchable: each FAQ entry (its question weighs double), each
 * sentence of its description (what it offers) and each of its suggested questions (both lines),
 * in a MiniSearch index — ranked (BM25), with prefix matching and typo tolerance, over the English
 * and Spanish stems of ./search-terms.ts. A visitor's word is also searched under its related
 * words (./related-words.ts: "nails" finds "manicures"). Decision 0026 says why MiniSearch.
 *
 * A hit says how much of the question it covers, so callers can tell "the FAQ answers exactly
 * this" from "one word in common". The index is built from the business in the input and kept
 * under what it was built from (the FAQ, the description and the suggested questions), so the
 * assistant stays pure: a business whose words changed gets a new index on its next turn. Kept
 * because building it (every word through two Snowball stemmers) cost 4–9 ms of a turn's 5–10 ms
 * on the mock server, twice per turn that searches the answers too, all before the reply's first
 * word.
 */
import type { Business } from '@chat/core';
import MiniSearch from 'minisearch';
import type { SearchResult } from 'minisearch';
import { askedStemsOf } from './related-words.js';
import { contentWords, stemsOf, withoutAccents, words } from './search-terms.js';

export interface KnowledgeEntry {
  /**
   * 'suggested': one of the business's suggested questions. It shows what the business names
   * ("Cuts, color, nails and more") but answers nothing, so it is never quoted as an answer.
   */
  kind: 'faq' | 'offer' | 'suggested';
  /** The FAQ question; '' for a sentence of the description or a suggested question. */
  question: string;
  /** The FAQ answer, the sentence of the description, or the suggested question's two lines. */
  answer: string;
}

export interface KnowledgeHit {
  entry: KnowledgeEntry;
  /** Share (0–1) of the visitor's meaningful words the entry matched. */
  coverage: number;
  /** Share (0–1) of the entry's question words the visitor said (1 for a description sentence). */
  questionCoverage: number;
}

interface IndexedEntry extends KnowledgeEntry {
  id: number;
}

/**
 * The entries of a business's knowledge: FAQ first, then the description sentence by sentence,
 * then the suggested questions (their text goes in `answer`, so FAQ-question searches skip them).
 */
export function knowledgeEntries(business: Business): KnowledgeEntry[] {
  const faq = (business.faq ?? []).map((f): KnowledgeEntry => ({
    kind: 'faq',
    question: f.question,
    answer: f.answer,
  }));
  const offers = (business.description ?? '')
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean)
    .map((sentence): KnowledgeEntry => ({ kind: 'offer', question: '', answer: sentence }));
  const suggested = business.suggestedQuestions.map((q): KnowledgeEntry => ({
    kind: 'suggested',
    question: '',
    answer: `${q.line1} ${q.line2}`.trim(),
  }));
  return [...faq, ...offers, ...suggested];
}

/**
 * The entries that match `text`, best first. `fields: ['question']` searches FAQ questions only
 * (is this one of the business's own questions?).
 */
export function searchKnowledge(
  business: Business,
  text: string,
  options: { fields?: Array<'question' | 'answer'> } = {},
): KnowledgeHit[] {
  const asked = contentWords(text);
  if (asked.length === 0) return [];
  const { entries, index } = knowledgeIndex(business);
  if (entries.length === 0) return [];
  const own = new Set(asked.flatMap(stemsOf));
  const results = index.search(asked.join(' '), {
    ...(options.fields ? { fields: options.fields } : {}),
    // A related word ("manicure" for "nails") counts, but less than the visitor's own word.
    boostTerm: (term) => (own.has(term) ? 1 : RELATED_WORD_WEIGHT),
  });
  return results.map((result) => {
    const entry = entries[result.id as number]!;
    return {
      entry: { kind: entry.kind, question: entry.question, answer: entry.answer },
      coverage: share(asked, (word) => askedStemsOf(word).some((stem) => result.queryTerms.includes(stem))),
      questionCoverage: entry.question ? questionCoverage(entry.question, result) : 1,
    };
  });
}

/** How much a match on a related word weighs against one on the visitor's own word. */
const RELATED_WORD_WEIGHT = 0.5;

interface KnowledgeIndex {
  entries: IndexedEntry[];
  index: MiniSearch<IndexedEntry>;
}

/** How many businesses' indexes are kept (the least recently used goes first). */
const KEPT_INDEXES = 64;
const indexes = new Map<string, KnowledgeIndex>();

/** The business's index, built once per version of its FAQ, description and suggested questions. */
function knowledgeIndex(business: Business): KnowledgeIndex {
  const key = JSON.stringify([business.faq ?? [], business.description ?? '', business.suggestedQuestions]);
  const kept = indexes.get(key);
  if (kept) {
    indexes.delete(key);
    indexes.set(key, kept);
    return kept;
  }
  const built = buildIndex(business);
  indexes.set(key, built);
  if (indexes.size > KEPT_INDEXES) indexes.delete(indexes.keys().next().value!);
  return built;
}

function buildIndex(business: Business): KnowledgeIndex {
  const entries: IndexedEntry[] = knowledgeEntries(business).map((entry, id) => ({ ...entry, id }));
  const index = new MiniSearch<IndexedEntry>({
    fields: ['question', 'answer'],
    tokenize: words,
    processTerm: (term) => {
      const [word] = contentWords(term);
      return word ? stemsOf(word) : null;
    },
    searchOptions: {
      // The business's words are indexed as written; the visitor's are widened to related words.
      processTerm: (term) => {
        const [word] = contentWords(term);
        return word ? askedStemsOf(word) : null;
      },
      boost: { question: 2 },
      prefix: (term) => term.length >= 4,
      // One typo in words of five letters or more ("balayge", "manicre"), none in shorter ones.
      fuzzy: (term) => (term.length >= 5 ? 1 : false),
    },
  });
  index.addAll(entries);
  return { entries, index };
}

/** The share of the entry's question words among the terms the search matched in it. */
function questionCoverage(question: string, result: SearchResult): number {
  const matched = new Set(result.terms.map(withoutAccents));
  return share(contentWords(question), (word) => stemsOf(word).some((stem) => matched.has(stem)));
}

function share(items: string[], matches: (item: string) => boolean): number {
  return items.length === 0 ? 0 : items.filter(matches).length / items.length;
}

/**
 * The FAQ entry that asks what the visitor asked: most of the visitor's words are in its question
 * and most of its question's words are in the visitor's ("What's your cancellation policy?" finds
 * "What is your cancellation policy?"; "Cancel my booking" does not).
 */
export function matchingFaq(business: Business, text: string): KnowledgeEntry | null {
  const [best] = searchKnowledge(business, text, { fields: ['question'] });
  return best && best.coverage >= 0.6 && best.questionCoverage >= 0.6 ? best.entry : null;
}

/** A hit counts when it covers at least half of what the visitor asked about. */
const COVERS = 0.5;

/**
 * The FAQ entry or description sentence that best answers `text`, when it covers enough of what
 * the visitor asked about; null when none does.
 */
export function bestKnowledge(business: Business, text: string): KnowledgeEntry | null {
  const [best] = searchKnowledge(business, text).filter(
    (hit) => hit.entry.kind !== 'suggested' && hit.coverage >= COVERS,
  );
  return best?.entry ?? null;
}

/**
 * Whether the business names what `text` asks about anywhere it describes itself: its FAQ, its
 * description or its suggested questions ("Cuts, color, nails and more"), so the assistant never
 * says "I don't see nails among what … lists" about a business that wrote it.
 */
export function businessNames(business: Business, text: string): boolean {
  return searchKnowledge(business, text).some((hit) => hit.coverage >= COVERS);
}

/**
 * Whether the visitor names one of the business's locations by what sets it apart ("Do you have a
 * salon in Williamsburg?"): a word of a location's name that is not in the business's own name.
 */
export function namesLocation(business: Business, text: string): boolean {
  const own = new Set(contentWords(business.businessName).map(withoutAccents));
  const distinctive = new Set(
    business.locations
      .flatMap((location) => contentWords(location.name ?? ''))
      .map(withoutAccents)
      .filter((word) => word.length >= 4 && !own.has(word)),
  );
  return contentWords(text).some((word) => distinctive.has(withoutAccents(word)));
}
