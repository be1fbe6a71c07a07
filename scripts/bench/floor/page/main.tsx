/**
 * The floor page: the least a chat page built from our stack can ship — React, react-dom, react-router
 * (its data router for the weight floor, the declarative one for the speed floor: the `floor-router`
 * alias), react-markdown and socket.io-client (or Firestore), each really used — with the product's first
 * screen text 'Welcome to …', shown once the business is read and the live messages are open. Built by the
 * same Vite from the same node_modules as the web app (scripts/bench/vite-build.ts), it is the floor that
 * the product's page weight and speed are compared with.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useParams } from 'react-router';
import Markdown from 'react-markdown';
import { createBackend } from 'floor-backend';
import { FloorRoutes } from 'floor-router';

const backend = createBackend(import.meta.env.VITE_FLOOR_SERVER as string);

function Chat() {
  const { businessId = 'bella-vista-salon' } = useParams();
  const [name, setName] = useState<string | null>(null);
  const [replies, setReplies] = useState<ReadonlyMap<string, string>>(new Map());
  const [draft, setDraft] = useState('');
  useEffect(() => {
    void backend
      .open(businessId, (id, text) => setReplies((shown) => new Map(shown).set(id, text)))
      .then(setName);
  }, [businessId]);
  if (name === null) return <p>Loading…</p>;
  return (
    <main>
      <h1>Welcome to {name}</h1>
      <ul aria-label="Messages">
        {[...replies].map(([id, text]) => (
          <li key={id} data-role="assistant">
            <Markdown>{text}</Markdown>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          backend.send(draft);
          setDraft('');
        }}
      >
        <input aria-label="Message" value={draft} onChange={(event) => setDraft(event.target.value)} />
      </form>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FloorRoutes page={<Chat />} />
  </StrictMode>,
);
