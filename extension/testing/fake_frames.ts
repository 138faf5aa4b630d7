/**
 * A fake DevTools page with frames, for the provider's frame tests.
 *
 * @module
 */

import { fakeProvider, grantShopLease } from "./fakes.ts";

const shop = "https://shop.example";

/** The lease the frame tests hold on the shop's tab. */
export const framesLease = { leaseId: "l1", fence: 1 };

/** The binding of the fake page's same-origin child document, as the inventory gives it. */
export const childBinding = {
  frameId: "child",
  loaderId: "child-loader",
  contextUniqueId: "document:110",
  rootFrameId: "root",
  rootLoaderId: "root-loader",
};

/** A fake provider with the shop's tab showing {@linkcode fakeFramesPage}, under {@linkcode framesLease}. */
export async function framesProvider() {
  const provider = fakeProvider();
  provider.browser.addTab({ id: 7, title: "Shop", url: `${shop}/`, active: true });
  const page = fakeFramesPage();
  provider.browser.respond = page.respond;
  await grantShopLease(provider.leases, framesLease);
  return { ...provider, page };
}

/**
 * A fake DevTools page: the root document with a same-origin child by src
 * (holding a srcdoc grandchild), a sandboxed srcdoc child and a foreign
 * child in another renderer. Node IDs: documents 1 (root), 10 (child), 20
 * (grandchild), 30 (sandboxed); owners 2, 11, 3, 4.
 */
export function fakeFramesPage() {
  const state = {
    childLoader: "child-loader",
    childDocument: 110,
    rootLoader: "root-loader",
    /** Called on each `Accessibility.getFullAXTree`, to change the page during a read. */
    onRead: () => {},
    /** What `DOM.getNodeForLocation` finds: the child's button unless a test covers it. */
    hit: { backendNodeId: 501, frameId: "child" },
    /** What the hit node's `contains` answers, for a hit on another node. */
    contains: false,
    /** Whether the element holds the focus after `DOM.focus`. */
    focused: true,
  };
  const tree = () => ({
    frameTree: {
      frame: { id: "root", loaderId: state.rootLoader, url: `${shop}/`, securityOrigin: shop },
      childFrames: [
        {
          frame: {
            id: "child",
            parentId: "root",
            loaderId: state.childLoader,
            url: `${shop}/child.html`,
            securityOrigin: shop,
          },
          childFrames: [{
            frame: {
              id: "grandchild",
              parentId: "child",
              loaderId: "grandchild-loader",
              url: "about:srcdoc",
              securityOrigin: "://",
            },
          }],
        },
        {
          frame: {
            id: "sandboxed",
            parentId: "root",
            loaderId: "sandboxed-loader",
            url: "about:srcdoc",
            securityOrigin: "://",
          },
        },
      ],
    },
  });
  const owners: Record<number, unknown> = {
    2: {
      backendNodeId: 102,
      frameId: "child",
      contentDocument: { backendNodeId: state.childDocument },
    },
    11: { backendNodeId: 111, frameId: "grandchild", contentDocument: { backendNodeId: 120 } },
    3: {
      backendNodeId: 103,
      frameId: "sandboxed",
      attributes: ["sandbox", "allow-scripts"],
      contentDocument: { backendNodeId: 130 },
    },
    4: { backendNodeId: 104, frameId: "foreign" },
  };
  const respond = (method: string, params?: Record<string, unknown>): unknown => {
    switch (method) {
      case "Page.getFrameTree":
        return tree();
      case "DOM.getDocument":
        return { root: { nodeId: 1, backendNodeId: 101 } };
      case "DOM.querySelectorAll": {
        const byDocument: Record<number, number[]> = { 1: [2, 3, 4], 10: [11], 20: [], 30: [] };
        return { nodeIds: byDocument[Number(params?.nodeId)] ?? [] };
      }
      case "DOM.describeNode": {
        const owner = owners[Number(params?.nodeId)] as { contentDocument?: unknown };
        if (Number(params?.nodeId) === 2) {
          return {
            node: { ...owner, contentDocument: { backendNodeId: state.childDocument } },
          };
        }
        return { node: owner };
      }
      case "DOM.pushNodesByBackendIdsToFrontend": {
        const ids = params?.backendNodeIds as number[];
        const byBackend: Record<number, number> = { 120: 20, 130: 30 };
        return { nodeIds: ids.map((id) => id === state.childDocument ? 10 : byBackend[id] ?? 0) };
      }
      case "Accessibility.getFullAXTree":
        state.onRead();
        return {
          nodes: [
            {
              nodeId: "1",
              ignored: false,
              role: { type: "internalRole", value: "RootWebArea" },
              name: { type: "computedString", value: "Child" },
              childIds: ["2"],
              backendDOMNodeId: 500,
            },
            {
              nodeId: "2",
              ignored: false,
              role: { type: "role", value: "button" },
              name: { type: "computedString", value: "Inside" },
              parentId: "1",
              childIds: [],
              backendDOMNodeId: 501,
            },
          ],
        };
      case "Accessibility.queryAXTree": {
        // Rooted at the child's document, the query finds the child's button; elsewhere nothing.
        // Rooted at the button itself (a subtree read), the button is its own subtree.
        const inChild = params?.backendNodeId === state.childDocument ||
          params?.backendNodeId === 501;
        const matches = (params?.role === undefined || params.role === "button") &&
          (params?.accessibleName === undefined || params.accessibleName === "Inside");
        return {
          nodes: inChild && matches
            ? [{
              nodeId: "2",
              ignored: false,
              role: { type: "role", value: "button" },
              name: { type: "computedString", value: "Inside" },
              backendDOMNodeId: 501,
            }]
            : [],
        };
      }
      case "DOM.getContentQuads": {
        const box = params?.backendNodeId === 102 ? [100, 100, 400, 300] : [140, 180, 160, 200];
        const [x1, y1, x2, y2] = box;
        return { quads: [[x1, y1, x2, y1, x2, y2, x1, y2]] };
      }
      case "DOM.getNodeForLocation":
        return { ...state.hit, nodeId: 0 };
      case "Page.getLayoutMetrics":
        return { cssVisualViewport: { clientWidth: 800, clientHeight: 600 } };
      case "DOM.resolveNode":
        return { object: { objectId: `object-${params?.backendNodeId}` } };
      case "Runtime.callFunctionOn": {
        const source = String(params?.functionDeclaration ?? "");
        if (source.includes("activeElement")) return { result: { value: state.focused } };
        if (source.includes("selectNodeContents")) return { result: { value: true } };
        if (source.includes("innerText")) {
          const text = (params?.arguments as { value?: string }[] | undefined)?.[0]?.value;
          return { result: { value: text === "Inside" } };
        }
        return { result: { value: state.contains } };
      }
      default:
        return {};
    }
  };
  return { state, respond };
}
