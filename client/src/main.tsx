import { render } from "preact";
import { App } from "./App.tsx";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import "./style.css";

render(<ErrorBoundary><App /></ErrorBoundary>, document.getElementById("app")!);
