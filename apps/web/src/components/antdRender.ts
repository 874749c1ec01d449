import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile's imperative parts (Toast, Dialog, ActionSheet, ImageViewer.show, DatePicker.prompt)
 * render through this with React 19's root API. Imported, for its effect, by each module that uses
 * them, so that the start of the app does not load antd-mobile's render helpers.
 */
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { _reactRoot?: Root };
  host._reactRoot ||= createRoot(host);
  const root = host._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});
