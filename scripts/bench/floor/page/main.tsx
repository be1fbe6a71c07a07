/**
 * The floor page: the least a chat page built from our stack can ship — React, react-dom, react-router's
 * data router, react-markdown and socket.io-client (or Firestore), each really used — with the product's
 * first screen text 'Welcome to …'. Built by the same Vite from the same node_modules as the web app, it is
 * the floor that the product's page weight and speed are compared with (scripts/bench/page-*.ts).
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, useParams } from 'react-router';
import Markdown from 'react-markdown';
import { createBackend } from 'floor-backend';

const backend = createBackend(import.meta.env.VITE_FLOOR_SERVER as string);

function Chat() {
  const { businessId = 'bella-vista-salon' } = useParams();
  const [name, setName] = useState<string | null>(null);
  const [replies, setReplies] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  useEffect(() => {
    void backend.businessName(businessId).then(setName);
  }, [businessId]);
  if (name === null) return <p>Loading…</p>;
  return (
    <main>
      <h1>Welcome to {name}</h1>
      <ul aria-label="Messages">
        {replies.map((text, i) => (
          <li key={i} data-role="ai">
            <Markdown>{text}</Markdown>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          backend.send(draft, (text) => setReplies((list) => [...list, text]));
          setDraft('');
        }}
      >
        <input aria-label="Message" value={draft} onChange={(event) => setDraft(event.target.value)} />
      </form>
    </main>
  );
}

const router = createBrowserRouter([
  { path: '/chat/:businessId', element: <Chat /> },
  { path: '*', element: <Chat /> },
]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
