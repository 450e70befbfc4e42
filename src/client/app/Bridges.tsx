/** NavigationBridge (root): the router's navigate for the session actions. */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigator } from '../state/session';

export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to) => navigate(to));
  }, [navigate]);
  return null;
}
