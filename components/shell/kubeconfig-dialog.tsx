'use client';

import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

const KUBECONFIG_FILE = 'mission-control-kubeconfig.yaml';

export function KubeconfigDialog({
  open,
  onOpenChange,
  docsUrl,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  docsUrl: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Download and install kubeconfig</DialogTitle>
          <DialogDescription>Use kubectl against Mission Control with your own identity.</DialogDescription>
        </DialogHeader>
        <ol className="list-decimal space-y-4 pl-5 text-sm">
          <li>
            <p className="mb-2">Download the kubeconfig file.</p>
            <Button asChild variant="outline" size="sm">
              <a href="/api/kubeconfig" target="_blank" rel="noopener noreferrer" download={KUBECONFIG_FILE}>
                <Download className="size-4" aria-hidden /> Download kubeconfig
              </a>
            </Button>
          </li>
          <li>
            <p className="mb-2">Apply it with kubectl, for example to list the canaries:</p>
            <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
              kubectl --kubeconfig {KUBECONFIG_FILE} get canaries
            </pre>
          </li>
          <li>
            {/* The earlier console linked this without a scheme, so it resolved as a relative path. */}
            <a
              className="text-primary underline underline-offset-2"
              href={`${docsUrl.replace(/\/+$/, '')}/reference/kubeconfig`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Learn more about the kubeconfig
            </a>
          </li>
        </ol>
      </DialogContent>
    </Dialog>
  );
}
