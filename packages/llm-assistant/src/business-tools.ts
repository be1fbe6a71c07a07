/**
 * The tools the model reads the business through, declared once per Genkit instance. What a tool
 * answers depends only on the turn's context (the business, the moment, the visitor's zone), which
 * the assistant passes to generate() — never on anything the model says.
 */
import type { GenkitBeta } from 'genkit/beta';
import { z } from 'genkit';
import type { ActionContext } from 'genkit';
import { TOOL_DESCRIPTIONS } from './assistant-settings.js';
import type { FactsContext } from './business-facts.js';
import {
  faqFacts,
  locationFacts,
  openingHoursFacts,
  servicesFacts,
  suggestedQuestionFacts,
} from './business-facts.js';
import { defineBookingTool } from './booking-tool.js';
import { defineHandOffTool } from './hand-off-tool.js';

/** What the assistant puts in generate()'s context for the tools. */
export interface TurnContext extends ActionContext {
  facts: FactsContext;
  /** The visitor's last message, for the language of the texts code writes. */
  visitorText: string;
  /** Set only when the request carried a verified identity (a valid ID token). */
  auth?: { verified: true };
}

export function turnFacts(context: ActionContext): FactsContext {
  const facts = (context as Partial<TurnContext>).facts;
  // The assistant always passes the facts; a tool called without them is a programming error.
  if (!facts) throw new Error('business tools called without the turn context');
  return facts;
}

const NoInput = z.object({});

export function defineBusinessTools(ai: GenkitBeta) {
  const getOpeningHours = ai.defineTool(
    { name: 'getOpeningHours', description: TOOL_DESCRIPTIONS.getOpeningHours, inputSchema: NoInput },
    async (_input, { context }) => openingHoursFacts(turnFacts(context)),
  );
  const getLocations = ai.defineTool(
    { name: 'getLocations', description: TOOL_DESCRIPTIONS.getLocations, inputSchema: NoInput },
    async (_input, { context }) => locationFacts(turnFacts(context).business),
  );
  const getServices = ai.defineTool(
    { name: 'getServices', description: TOOL_DESCRIPTIONS.getServices, inputSchema: NoInput },
    async (_input, { context }) => servicesFacts(turnFacts(context).business),
  );
  const getSuggestedQuestions = ai.defineTool(
    {
      name: 'getSuggestedQuestions',
      description: TOOL_DESCRIPTIONS.getSuggestedQuestions,
      inputSchema: NoInput,
    },
    async (_input, { context }) => suggestedQuestionFacts(turnFacts(context).business),
  );
  const getFaq = ai.defineTool(
    { name: 'getFaq', description: TOOL_DESCRIPTIONS.getFaq, inputSchema: NoInput },
    async (_input, { context }) => faqFacts(turnFacts(context).business),
  );
  const requestBookingChange = defineBookingTool(ai);
  const handOffToTeam = defineHandOffTool(ai);
  return {
    all: [
      getOpeningHours,
      getLocations,
      getServices,
      getSuggestedQuestions,
      getFaq,
      requestBookingChange,
      handOffToTeam,
    ],
    requestBookingChange,
    handOffToTeam,
  };
}

export type BusinessTools = ReturnType<typeof defineBusinessTools>;
