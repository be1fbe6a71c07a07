/**
 * How the scripted server plays an evaluation case (CI: plumbing only). It calls the case's tool,
 * then answers from what the tool really returned — so the hours it states are the ones core's
 * rules computed — or says the case's line outright. Nothing here understands language.
 */
import type { CompletionRequest, ScriptedCompletion } from '../src/scripted-openai-server.js';
import type { OpeningHoursFacts } from '../src/business-facts.js';
import type { Scripted } from './eval-cases.js';

export function scriptedAnswer(scripted: Scripted, request: CompletionRequest): ScriptedCompletion {
  const { tool, toolInput, says } = scripted;
  // Only a tool result after the visitor's last words counts: earlier turns' results are history.
  const lastVisitor = request.messages.findLastIndex((m) => m.role === 'user');
  const toolMessage = request.messages.slice(lastVisitor + 1).findLast((m) => m.role === 'tool');
  if (tool && !toolMessage) return { toolCalls: [{ name: tool, arguments: toolInput ?? {} }] };
  const es = scripted.language === 'es';
  const output = toolMessage ? (JSON.parse(String(toolMessage.content)) as unknown) : null;
  const reply =
    says ?? (tool ? fromTool(tool, output, es) : es ? 'Con gusto te ayudo.' : "I'm happy to help.");
  const smartReplies = es
    ? ['¿Cuál es su horario?', '¿Dónde están?']
    : ['What are your hours?', 'Where are you located?'];
  return { text: JSON.stringify({ reply, smartReplies }) };
}

function fromTool(tool: string, output: unknown, es: boolean): string {
  switch (tool) {
    case 'getOpeningHours': {
      const h = output as OpeningHoursFacts;
      if (!h.known) return es ? 'No tengo el horario.' : "I don't have our hours on file.";
      const zone = h.timeZoneName ? ` (${h.timeZoneName})` : '';
      if (h.openNow)
        return es
          ? `Sí, estamos abiertos ahora, hasta las ${h.openUntil}${zone}.`
          : `Yes, we're open right now, until ${h.openUntil}${zone}.`;
      return es
        ? `Ahora estamos cerrados. Abrimos ${h.nextOpening}${zone}.`
        : `We're closed right now. We open again ${h.nextOpening}${zone}.`;
    }
    case 'getLocations': {
      const list = (output as Array<{ name?: string; address: string; mapLink: string }>)
        .map((l) => `- ${l.name ? `**${l.name}**: ` : ''}${l.address} ([map](${l.mapLink}))`)
        .join('\n');
      return `${es ? 'Estamos en:' : "You'll find us at:"}\n\n${list}`;
    }
    case 'getServices': {
      const s = output as { businessName: string; description: string | null };
      return es
        ? `Sí, ofrecemos: ${s.description}`
        : `Here's what ${s.businessName} offers: ${s.description}`;
    }
    case 'getFaq':
      return (output as Array<{ question: string; answer: string }>)
        .map((f) => `**${f.question}** ${f.answer}`)
        .join('\n\n');
    case 'requestBookingChange':
      return es
        ? 'Le pasé tu solicitud al equipo: te escribirán a tu número verificado para confirmarla.'
        : "I've passed your request to the team: they'll text you at your verified number to confirm it.";
    default:
      return "I don't have that information; please use 'Contact Support'.";
  }
}
